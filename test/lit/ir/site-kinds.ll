; print<commcost> on each kind of site: what it moves, its features, its cost, and a caller's total from its callee's.
; Generated with clang -O1 -fno-discard-value-names (no inlining, unrolling or
; vectorising) from:
;
; #include <mpi.h>
; #include <shmem.h>
; #include <string.h>
; void send_row(double *g, int nx, int to) { MPI_Send(g + nx, nx, MPI_DOUBLE, to, 0, MPI_COMM_WORLD); }
; void recv_rows(double *g, int rows, int ld, int from) {
;   for (int r = 0; r < rows; r++)
;     MPI_Recv(g + r * ld, 16, MPI_DOUBLE, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
; }
; void put_block(double *dst, const double *src, int n, int pe) { shmem_putmem(dst, src, 8 * n, pe); }
; void get_block(double *dst, const double *src, int n, int pe) { shmem_getmem(dst, src, 8 * n, pe); }
; void copy_column(double *restrict d, const double *restrict s, int n, int ld) {
;   for (int i = 0; i < n; i++) memcpy(d + i, s + i * ld, sizeof(double));
; }
; void pack(double *restrict buf, const double *restrict a, int n, int m) {
;   for (int i = 0; i < n; i++) buf[i] = a[i * m];
; }
; void superstep(double *restrict b, const double *restrict a, int n) {
;   int rank, size;
;   MPI_Comm_rank(MPI_COMM_WORLD, &rank);
;   MPI_Comm_size(MPI_COMM_WORLD, &size);
;   for (int i = rank * n / size; i < (rank + 1) * n / size; i++) b[i] = a[i];
; }
; void caller(double *g, int nx, int to) {
;   for (int k = 0; k < 4; k++) send_row(g, nx, to);
; }
;
; RUN: %print %s | FileCheck %s
;
; CHECK-LABEL: commcost: function 'send_row'
; CHECK-NEXT:   site ? send MPI_Send of 'g': L_mem=min(1, nx) + floordiv(8*nx + 55, 64), bpm=8*nx, m=8*nx, n=1; lines ceildiv(8*nx, 64)..min(1, nx) + floordiv(8*nx + 55, 64); cost (560*nx + 4000*min(1, nx) + 4000*floordiv(8*nx + 55, 64) + 350000) ps {{\[}}M1-mpi]
; CHECK-NEXT:   total: (560*nx + 4000*min(1, nx) + 4000*floordiv(8*nx + 55, 64) + 350000) ps (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'recv_rows'
; CHECK-NEXT:   site ? recv MPI_Recv of 'g': L_mem=min(1, rows)*min((64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 119, gcd(64, 8*ld)))*floordiv(rows, 64/gcd(64, 8*ld)) + min(64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 119, gcd(64, 8*ld)), 3*(rows%(64/gcd(64, 8*ld)))), floordiv(8*ld*(rows - 1) + 183, 64) + 1), bpm=128, m=128*rows, n=rows; lines min(1, rows)*min((64/gcd(64, 8*ld) + floordiv(127, gcd(64, 8*ld)))*floordiv(rows, 64/gcd(64, 8*ld)) + 2*(rows%(64/gcd(64, 8*ld))), ceildiv(8*ld*(rows - 1) + 128, 64))..min(1, rows)*min((64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 119, gcd(64, 8*ld)))*floordiv(rows, 64/gcd(64, 8*ld)) + min(64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 119, gcd(64, 8*ld)), 3*(rows%(64/gcd(64, 8*ld)))), floordiv(8*ld*(rows - 1) + 183, 64) + 1); cost (358960*rows + 4000*min(1, rows)*min((64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 119, gcd(64, 8*ld)))*floordiv(rows, 64/gcd(64, 8*ld)) + min(64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 119, gcd(64, 8*ld)), 3*(rows%(64/gcd(64, 8*ld)))), floordiv(8*ld*(rows - 1) + 183, 64) + 1)) ps {{\[}}M1-mpi]
; CHECK-NEXT:   total: (358960*rows + 4000*min(1, rows)*min((64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 119, gcd(64, 8*ld)))*floordiv(rows, 64/gcd(64, 8*ld)) + min(64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 119, gcd(64, 8*ld)), 3*(rows%(64/gcd(64, 8*ld)))), floordiv(8*ld*(rows - 1) + 183, 64) + 1)) ps (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'put_block'
; CHECK-NEXT:   site ? put shmem_putmem of 'src': L_mem=min(1, n) + floordiv(8*n + 62, 64), bpm=8*n, m=8*n, n=1; lines ceildiv(8*n, 64)..min(1, n) + floordiv(8*n + 62, 64); cost (560*n + 4000*min(1, n) + 4000*floordiv(8*n + 62, 64) + 350000) ps {{\[}}M1-mpi]
; CHECK-NEXT:   total: (560*n + 4000*min(1, n) + 4000*floordiv(8*n + 62, 64) + 350000) ps (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'get_block'
; CHECK-NEXT:   site ? get shmem_getmem of 'dst': L_mem=min(1, n) + floordiv(8*n + 62, 64), bpm=8*n, m=8*n, n=1; lines ceildiv(8*n, 64)..min(1, n) + floordiv(8*n + 62, 64); cost (560*n + 4000*min(1, n) + 4000*floordiv(8*n + 62, 64) + 350000) ps {{\[}}M1-mpi]
; CHECK-NEXT:   total: (560*n + 4000*min(1, n) + 4000*floordiv(8*n + 62, 64) + 350000) ps (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'copy_column'
; CHECK-NEXT:   site ? copy memcpy of 'd <- s': L_mem=min(1, n)*min((64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 6, gcd(64, 8*ld)))*floordiv(n, 64/gcd(64, 8*ld)) + min(64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 6, gcd(64, 8*ld)), 2*(n%(64/gcd(64, 8*ld)))), floordiv(8*ld*(n - 1) + 70, 64) + 1), L_re1=0, L_re2=0, L_re3=0, bpm=8, m=8*n, n=n; lines min(1, n)*min((64/gcd(64, 8*ld) + floordiv(7, gcd(64, 8*ld)))*floordiv(n, 64/gcd(64, 8*ld)) + n%(64/gcd(64, 8*ld)), ceildiv(8*ld*(n - 1) + 8, 64))..min(1, n)*min((64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 6, gcd(64, 8*ld)))*floordiv(n, 64/gcd(64, 8*ld)) + min(64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 6, gcd(64, 8*ld)), 2*(n%(64/gcd(64, 8*ld)))), floordiv(8*ld*(n - 1) + 70, 64) + 1); read lines min(1, n)*min((64/gcd(64, 8*ld) + floordiv(7, gcd(64, 8*ld)))*floordiv(n, 64/gcd(64, 8*ld)) + n%(64/gcd(64, 8*ld)), ceildiv(8*ld*(n - 1) + 8, 64))..min(1, n)*min((64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 6, gcd(64, 8*ld)))*floordiv(n, 64/gcd(64, 8*ld)) + min(64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 6, gcd(64, 8*ld)), 2*(n%(64/gcd(64, 8*ld)))), floordiv(8*ld*(n - 1) + 70, 64) + 1); write lines ceildiv(8*n, 64)..min(1, n) + floordiv(8*n + 62, 64); cost (20240*n + 4000*min(1, n)*min((64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 6, gcd(64, 8*ld)))*floordiv(n, 64/gcd(64, 8*ld)) + min(64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 6, gcd(64, 8*ld)), 2*(n%(64/gcd(64, 8*ld)))), floordiv(8*ld*(n - 1) + 70, 64) + 1)) ps {{\[}}M1-reuse]
; CHECK-NEXT:   total: (20240*n + 4000*min(1, n)*min((64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 6, gcd(64, 8*ld)))*floordiv(n, 64/gcd(64, 8*ld)) + min(64/gcd(64, 8*ld) + floordiv(gcd(64, 8*ld) + 6, gcd(64, 8*ld)), 2*(n%(64/gcd(64, 8*ld)))), floordiv(8*ld*(n - 1) + 70, 64) + 1)) ps (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'pack'
; CHECK-NEXT:   site ? copy-loop loop of 'buf <- a': L_mem=max(min(1, n) + floordiv(8*n + 55, 64), min(1, n)*min(n, floordiv(8*m*(n - 1) + 63, 64) + 1)), L_re1=0, L_re2=0, L_re3=0, M=2*n, bpm=8*n, m=8*n, n=1; read lines min(1, n)*min(n, ceildiv(8*m*(n - 1) + 8, 64))..min(1, n)*min(n, floordiv(8*m*(n - 1) + 63, 64) + 1); write lines ceildiv(8*n, 64)..min(1, n) + floordiv(8*n + 55, 64); cost (240*n + 4000*max(min(1, n) + floordiv(8*n + 55, 64), min(1, n)*min(n, floordiv(8*m*(n - 1) + 63, 64) + 1)) + 20000) ps {{\[}}M1-reuse]
; CHECK-NEXT:   total: (240*n + 4000*max(min(1, n) + floordiv(8*n + 55, 64), min(1, n)*min(n, floordiv(8*m*(n - 1) + 63, 64) + 1)) + 20000) ps (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'superstep'
; CHECK-NEXT:   site ? superstep loop of 'b <- a': L_mem=min(1, ceildiv(n, size)) + floordiv(8*ceildiv(n, size) + 55, 64), M=2*n, h=ceildiv(n, size), hr=ceildiv(n, size), hrb=ceildiv(n, size), hrc=min(262144, ceildiv(n, size)), hrm=max(0, ceildiv(n, size) - 262144), hrw=2*ceildiv(n, size), hrwc=min(262144, 2*ceildiv(n, size)), hrwm=max(0, 2*ceildiv(n, size) - 262144), hw=ceildiv(n, size), hwb=ceildiv(n, size), hwc=min(262144, ceildiv(n, size)), hwm=max(0, ceildiv(n, size) - 262144), p=size; read lines ceildiv(8*ceildiv(n, size), 64)..min(1, ceildiv(n, size)) + floordiv(8*ceildiv(n, size) + 55, 64); write lines ceildiv(8*ceildiv(n, size), 64)..min(1, ceildiv(n, size)) + floordiv(8*ceildiv(n, size) + 55, 64); cost (2200*ceildiv(n, size) + 1000000) ps {{\[}}HrHw]
; CHECK-NEXT:   total: (2200*ceildiv(n, size) + 1000000) ps (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'caller'
; CHECK-NEXT:   total: (2240*nx + 16000*min(1, nx) + 16000*floordiv(8*nx + 55, 64) + 1400000) ps (0 analysed, 0 missed)

target triple = "x86_64-pc-linux-gnu"

%struct.ompi_predefined_datatype_t = type opaque
%struct.ompi_predefined_communicator_t = type opaque

@ompi_mpi_double = external global %struct.ompi_predefined_datatype_t, align 1
@ompi_mpi_comm_world = external global %struct.ompi_predefined_communicator_t, align 1

; Function Attrs: noinline nounwind
define dso_local void @send_row(ptr noundef %g, i32 noundef %nx, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %idx.ext = sext i32 %nx to i64
  %add.ptr = getelementptr inbounds double, ptr %g, i64 %idx.ext
  %call = tail call i32 @MPI_Send(ptr noundef %add.ptr, i32 noundef %nx, ptr noundef nonnull @ompi_mpi_double, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #5
  ret void
}

declare i32 @MPI_Send(ptr noundef, i32 noundef, ptr noundef, i32 noundef, i32 noundef, ptr noundef) local_unnamed_addr #1

; Function Attrs: noinline nounwind
define dso_local void @recv_rows(ptr noundef %g, i32 noundef %rows, i32 noundef %ld, i32 noundef %from) local_unnamed_addr #0 {
entry:
  %cmp3 = icmp sgt i32 %rows, 0
  br i1 %cmp3, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = sext i32 %ld to i64
  %wide.trip.count = zext nneg i32 %rows to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %1 = mul nsw i64 %indvars.iv, %0
  %add.ptr = getelementptr inbounds double, ptr %g, i64 %1
  %call = tail call i32 @MPI_Recv(ptr noundef %add.ptr, i32 noundef 16, ptr noundef nonnull @ompi_mpi_double, i32 noundef %from, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world, ptr noundef null) #5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

declare i32 @MPI_Recv(ptr noundef, i32 noundef, ptr noundef, i32 noundef, i32 noundef, ptr noundef, ptr noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: noinline nounwind
define dso_local void @put_block(ptr noundef %dst, ptr noundef %src, i32 noundef %n, i32 noundef %pe) local_unnamed_addr #0 {
entry:
  %mul = shl nsw i32 %n, 3
  %conv = sext i32 %mul to i64
  tail call void @shmem_putmem(ptr noundef %dst, ptr noundef %src, i64 noundef %conv, i32 noundef %pe) #5
  ret void
}

declare void @shmem_putmem(ptr noundef, ptr noundef, i64 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: noinline nounwind
define dso_local void @get_block(ptr noundef %dst, ptr noundef %src, i32 noundef %n, i32 noundef %pe) local_unnamed_addr #0 {
entry:
  %mul = shl nsw i32 %n, 3
  %conv = sext i32 %mul to i64
  tail call void @shmem_getmem(ptr noundef %dst, ptr noundef %src, i64 noundef %conv, i32 noundef %pe) #5
  ret void
}

declare void @shmem_getmem(ptr noundef, ptr noundef, i64 noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: noinline nounwind
define dso_local void @copy_column(ptr noalias noundef %d, ptr noalias noundef %s, i32 noundef %n, i32 noundef %ld) local_unnamed_addr #0 {
entry:
  %cmp6 = icmp sgt i32 %n, 0
  br i1 %cmp6, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = sext i32 %ld to i64
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %add.ptr = getelementptr inbounds double, ptr %d, i64 %indvars.iv
  %1 = mul nsw i64 %indvars.iv, %0
  %add.ptr2 = getelementptr inbounds double, ptr %s, i64 %1
  %call = tail call ptr @memcpy(ptr noundef %add.ptr, ptr noundef %add.ptr2, i64 noundef 8) #6
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

; Function Attrs: nounwind
declare ptr @memcpy(ptr noundef, ptr noundef, i64 noundef) local_unnamed_addr #3

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @pack(ptr noalias nocapture noundef writeonly %buf, ptr noalias nocapture noundef readonly %a, i32 noundef %n, i32 noundef %m) local_unnamed_addr #4 {
entry:
  %cmp6 = icmp sgt i32 %n, 0
  br i1 %cmp6, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = sext i32 %m to i64
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %1 = mul nsw i64 %indvars.iv, %0
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %1
  %2 = load double, ptr %arrayidx, align 8
  %arrayidx2 = getelementptr inbounds double, ptr %buf, i64 %indvars.iv
  store double %2, ptr %arrayidx2, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

; Function Attrs: noinline nounwind
define dso_local void @superstep(ptr noalias nocapture noundef writeonly %b, ptr noalias nocapture noundef readonly %a, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %rank = alloca i32, align 4
  %size = alloca i32, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %rank) #7
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %size) #7
  %call = call i32 @MPI_Comm_rank(ptr noundef nonnull @ompi_mpi_comm_world, ptr noundef nonnull %rank) #5
  %call1 = call i32 @MPI_Comm_size(ptr noundef nonnull @ompi_mpi_comm_world, ptr noundef nonnull %size) #5
  %0 = load i32, ptr %rank, align 4
  %mul = mul nsw i32 %0, %n
  %1 = load i32, ptr %size, align 4
  %div = sdiv i32 %mul, %1
  %add = add nsw i32 %0, 1
  %mul2 = mul nsw i32 %add, %n
  %div3 = sdiv i32 %mul2, %1
  %cmp10 = icmp slt i32 %div, %div3
  br i1 %cmp10, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %2 = sext i32 %div to i64
  %wide.trip.count = sext i32 %div3 to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %size) #7
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %rank) #7
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ %2, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %indvars.iv
  %3 = load double, ptr %arrayidx, align 8
  %arrayidx5 = getelementptr inbounds double, ptr %b, i64 %indvars.iv
  store double %3, ptr %arrayidx5, align 8
  %indvars.iv.next = add nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

declare i32 @MPI_Comm_rank(ptr noundef, ptr noundef) local_unnamed_addr #1

declare i32 @MPI_Comm_size(ptr noundef, ptr noundef) local_unnamed_addr #1

; Function Attrs: noinline nounwind
define dso_local void @caller(ptr noundef %g, i32 noundef %nx, i32 noundef %to) local_unnamed_addr #0 {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  ret void

for.body:                                         ; preds = %entry, %for.body
  %k.02 = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  tail call void @send_row(ptr noundef %g, i32 noundef %nx, i32 noundef %to) #8
  %inc = add nuw nsw i32 %k.02, 1
  %exitcond.not = icmp eq i32 %inc, 4
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

attributes #0 = { noinline nounwind "min-legal-vector-width"="0" "no-builtin-memcpy" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "no-builtin-memcpy" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { nounwind "no-builtin-memcpy" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree noinline norecurse nosync nounwind memory(argmem: readwrite) "min-legal-vector-width"="0" "no-builtin-memcpy" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind "no-builtin-memcpy" }
attributes #6 = { nobuiltin nounwind "no-builtin-memcpy" }
attributes #7 = { nounwind }
attributes #8 = { "no-builtin-memcpy" }

