; print<commcost> on collectives (MPI and OpenSHMEM), MPI_Pack, RMA atomics, and a site rejected for each reason they add: the relation, the lines of the send and receive buffers, the remark names.
; Generated with clang -O1 -fno-discard-value-names -fno-unroll-loops
; -fno-vectorize -fno-slp-vectorize from:
;
; #include <mpi.h>
; #include <shmem.h>
; void alltoall(double *s, double *r, int n) {
;   int size;
;   MPI_Comm_size(MPI_COMM_WORLD, &size);
;   MPI_Alltoall(s, n, MPI_DOUBLE, r, n, MPI_DOUBLE, MPI_COMM_WORLD);
; }
; void allreduce_in_place(double *v, int n) {
;   MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
; }
; void gatherv_const(double *s, double *r) {
;   int counts[4] = {1, 2, 3, 4}, displs[4] = {0, 1, 3, 6};
;   MPI_Gatherv(s, 2, MPI_DOUBLE, r, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
; }
; void alltoallv_loop(double *s, double *r, int n, int p) {
;   int sc[64], sd[64];
;   for (int i = 0; i < p; i++) {
;     sc[i] = n;
;     sd[i] = i * n;
;   }
;   MPI_Alltoallv(s, sc, sd, MPI_DOUBLE, r, sc, sd, MPI_DOUBLE, MPI_COMM_WORLD);
; }
; void pack(double *a, char *buf, int n) {
;   int pos = 0;
;   MPI_Pack(a, n, MPI_DOUBLE, buf, 8 * n, &pos, MPI_COMM_WORLD);
; }
; void fetch_and_op(long *o, long *res, MPI_Win w) {
;   MPI_Fetch_and_op(o, res, MPI_LONG, 1, 0, MPI_SUM, w);
; }
; void increment(int *d, int pe) { shmem_int_inc(d, pe); }
; void unknown_array_contents(double *s, double *r, const int *counts, const int *displs) {
;   MPI_Allgatherv(s, 1, MPI_DOUBLE, r, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
; }
; void rank_dependent_count(double *s, double *r) {
;   int rank;
;   MPI_Comm_rank(MPI_COMM_WORLD, &rank);
;   MPI_Alltoall(s, rank + 1, MPI_DOUBLE, r, rank + 1, MPI_DOUBLE, MPI_COMM_WORLD);
; }
; void unknown_neighbours(double *s, double *r, MPI_Comm cart) {
;   MPI_Neighbor_alltoall(s, 4, MPI_DOUBLE, r, 4, MPI_DOUBLE, cart);
; }
; void unsupported_datatype(double *a, int to) {
;   MPI_Datatype pair, t;
;   MPI_Type_vector(2, 1, 4, MPI_DOUBLE, &pair);
;   MPI_Type_vector(3, 2, 16, pair, &t);
;   MPI_Type_commit(&t);
;   MPI_Send(a, 1, t, to, 0, MPI_COMM_WORLD);
; }
;
; RUN: %print %s | FileCheck %s
;
; CHECK-LABEL: commcost: function 'alltoall'
; CHECK-NEXT:   site ? collective MPI_Alltoall of 'r <- s': L_mem=min(1, n*nranks) + floordiv(8*n*nranks + 55, 64), M=8*n*nranks*nranks, V=8*n*nranks*nranks, h=8*n*nranks, hi=8*n*nranks, ho=8*n*nranks, n=1, p=nranks; read lines ceildiv(8*n*nranks, 64)..min(1, n*nranks) + floordiv(8*n*nranks + 55, 64); write lines ceildiv(8*n*nranks, 64)..min(1, n*nranks) + floordiv(8*n*nranks + 55, 64); cost (1040*n*nranks + 1500000) ps {{\[}}F_io-calls]
; CHECK-NEXT:   total: (1040*n*nranks + 1500000) ps (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'allreduce_in_place'
; CHECK-NEXT:   site ? collective MPI_Allreduce of 'v': L_mem=min(1, n) + floordiv(8*n + 55, 64), M=8*n*(2*nranks - 2), V=8*n*(2*nranks - 2), h=8*n*(nranks - 1), hi=8*n*(nranks - 1), ho=8*n*(nranks - 1), n=1, p=nranks; read lines ceildiv(8*n, 64)..min(1, n) + floordiv(8*n + 55, 64); write lines ceildiv(8*n, 64)..min(1, n) + floordiv(8*n + 55, 64); cost (1040*n*(nranks - 1) + 1500000) ps {{\[}}F_io-calls]
; CHECK-NEXT:   total: (1040*n*(nranks - 1) + 1500000) ps (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'gatherv_const'
; CHECK-NEXT:   site ? copy memcpy of 'local array <- buffer': L_mem=1, L_re1=0, L_re2=0, L_re3=0, bpm=16, m=16, n=1; lines 1..1; read lines 1..1; write lines 1..1; cost 0.024480 us {{\[}}M1-reuse]
; CHECK-NEXT:   site ? copy memcpy of 'local array <- buffer': L_mem=1, L_re1=0, L_re2=0, L_re3=0, bpm=16, m=16, n=1; lines 1..1; read lines 1..1; write lines 1..1; cost 0.024480 us {{\[}}M1-reuse]
; CHECK-NEXT:   site ? collective MPI_Gatherv of 'r <- s': when nranks == 4; L_mem=3, M=80, V=80, h=80, hi=80, ho=32, n=1, p=nranks; read lines 1..2; write lines 2..3; cost 1.506560 us {{\[}}F_io-calls]
; CHECK-NEXT:   total: 1.555520 us (3 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'alltoallv_loop'
; CHECK-NEXT:   site ? collective MPI_Alltoallv of 'r <- s': when nranks == p; L_mem=min(1, n*nranks) + floordiv(8*n*nranks + 55, 64), M=8*n*nranks*nranks, V=8*n*nranks*nranks, h=8*n*nranks, hi=8*n*nranks, ho=8*n*nranks, n=1, p=nranks; read lines ceildiv(8*n*nranks, 64)..min(1, n*nranks) + floordiv(8*n*nranks + 55, 64); write lines ceildiv(8*n*nranks, 64)..min(1, n*nranks) + floordiv(8*n*nranks + 55, 64); cost (1040*n*nranks + 1500000) ps {{\[}}F_io-calls]
; CHECK-NEXT:   total: (1040*n*nranks + 1500000) ps (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'pack'
; CHECK-NEXT:   site ? copy MPI_Pack of 'buf <- a': L_mem=min(1, n) + floordiv(8*n + 55, 64), L_re1=0, L_re2=0, L_re3=0, bpm=8*n, m=8*n, n=1; lines ceildiv(8*n, 64)..min(1, n) + floordiv(8*n + 55, 64); read lines ceildiv(8*n, 64)..min(1, n) + floordiv(8*n + 55, 64); write lines ceildiv(8*n, 64)..min(1, n) + floordiv(8*n + 62, 64); cost (240*n + 4000*min(1, n) + 4000*floordiv(8*n + 55, 64) + 20000) ps {{\[}}M1-reuse]
; CHECK-NEXT:   total: (240*n + 4000*min(1, n) + 4000*floordiv(8*n + 55, 64) + 20000) ps (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'fetch_and_op'
; CHECK-NEXT:   site ? atomic MPI_Fetch_and_op of 'res <- o': L_mem=1, bpm=8, m=8, n=1; lines 1..1; write lines 1..1; cost 0.354560 us {{\[}}M1-mpi]
; CHECK-NEXT:   total: 0.354560 us (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'increment'
; CHECK-NEXT:   site ? atomic shmem_int_inc: L_mem=0, bpm=4, m=4, n=1; cost 0.350280 us {{\[}}M1-mpi]
; CHECK-NEXT:   total: 0.350280 us (1 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'unknown_array_contents'
; CHECK-NEXT:   missed ? MPI_Allgatherv: UnknownArrayContents: the entries of the receive counts of MPI_Allgatherv are not known: the array is not filled in the same function before the call, at constant indices or by a loop over the index
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: UnknownArrayContents: the entries of the receive counts of MPI_Allgatherv are not known: the array is not filled in the same function before the call, at constant indices or by a loop over the index
; CHECK-LABEL: commcost: function 'rank_dependent_count'
; CHECK-NEXT:   missed ? MPI_Alltoall: RankDependentCount: a count of MPI_Alltoall depends on the rank ('rank'), so it may differ between ranks; the analysis needs the most any rank moves
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: RankDependentCount: a count of MPI_Alltoall depends on the rank ('rank'), so it may differ between ranks; the analysis needs the most any rank moves
; CHECK-LABEL: commcost: function 'unknown_neighbours'
; CHECK-NEXT:   missed ? MPI_Neighbor_alltoall: UnknownNeighbours: MPI_Neighbor_alltoall exchanges with the neighbours of a topology communicator, whose number the analysis does not know
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: UnknownNeighbours: MPI_Neighbor_alltoall exchanges with the neighbours of a topology communicator, whose number the analysis does not know
; CHECK-LABEL: commcost: function 'unsupported_datatype'
; CHECK-NEXT:   missed ? MPI_Send: UnsupportedDatatype: vectors of blocks of non-contiguous datatypes are not supported
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: UnsupportedDatatype: vectors of blocks of non-contiguous datatypes are not supported

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.ompi_predefined_communicator_t = type opaque
%struct.ompi_predefined_datatype_t = type opaque
%struct.ompi_predefined_op_t = type opaque

@ompi_mpi_comm_world = external global %struct.ompi_predefined_communicator_t, align 1
@ompi_mpi_double = external global %struct.ompi_predefined_datatype_t, align 1
@ompi_mpi_op_sum = external global %struct.ompi_predefined_op_t, align 1
@__const.gatherv_const.counts = private unnamed_addr constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@__const.gatherv_const.displs = private unnamed_addr constant [4 x i32] [i32 0, i32 1, i32 3, i32 6], align 16
@ompi_mpi_long = external global %struct.ompi_predefined_datatype_t, align 1

; Function Attrs: nounwind uwtable
define dso_local void @alltoall(ptr noundef %s, ptr noundef %r, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %size = alloca i32, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %size) #4
  %call = call i32 @MPI_Comm_size(ptr noundef nonnull @ompi_mpi_comm_world, ptr noundef nonnull %size) #4
  %call1 = call i32 @MPI_Alltoall(ptr noundef %s, i32 noundef %n, ptr noundef nonnull @ompi_mpi_double, ptr noundef %r, i32 noundef %n, ptr noundef nonnull @ompi_mpi_double, ptr noundef nonnull @ompi_mpi_comm_world) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %size) #4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i32 @MPI_Comm_size(ptr noundef, ptr noundef) local_unnamed_addr #2

declare i32 @MPI_Alltoall(ptr noundef, i32 noundef, ptr noundef, ptr noundef, i32 noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define dso_local void @allreduce_in_place(ptr noundef %v, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %call = tail call i32 @MPI_Allreduce(ptr noundef nonnull inttoptr (i64 1 to ptr), ptr noundef %v, i32 noundef %n, ptr noundef nonnull @ompi_mpi_double, ptr noundef nonnull @ompi_mpi_op_sum, ptr noundef nonnull @ompi_mpi_comm_world) #4
  ret void
}

declare i32 @MPI_Allreduce(ptr noundef, ptr noundef, i32 noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define dso_local void @gatherv_const(ptr noundef %s, ptr noundef %r) local_unnamed_addr #0 {
entry:
  %counts = alloca [4 x i32], align 16
  %displs = alloca [4 x i32], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %counts) #4
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %counts, ptr noundef nonnull align 16 dereferenceable(16) @__const.gatherv_const.counts, i64 16, i1 false)
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %displs) #4
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %displs, ptr noundef nonnull align 16 dereferenceable(16) @__const.gatherv_const.displs, i64 16, i1 false)
  %call = call i32 @MPI_Gatherv(ptr noundef %s, i32 noundef 2, ptr noundef nonnull @ompi_mpi_double, ptr noundef %r, ptr noundef nonnull %counts, ptr noundef nonnull %displs, ptr noundef nonnull @ompi_mpi_double, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #4
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %displs) #4
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %counts) #4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #3

declare i32 @MPI_Gatherv(ptr noundef, i32 noundef, ptr noundef, ptr noundef, ptr noundef, ptr noundef, ptr noundef, i32 noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define dso_local void @alltoallv_loop(ptr noundef %s, ptr noundef %r, i32 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
entry:
  %sc = alloca [64 x i32], align 16
  %sd = alloca [64 x i32], align 16
  call void @llvm.lifetime.start.p0(i64 256, ptr nonnull %sc) #4
  call void @llvm.lifetime.start.p0(i64 256, ptr nonnull %sd) #4
  %cmp11 = icmp sgt i32 %p, 0
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %p to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %call = call i32 @MPI_Alltoallv(ptr noundef %s, ptr noundef nonnull %sc, ptr noundef nonnull %sd, ptr noundef nonnull @ompi_mpi_double, ptr noundef %r, ptr noundef nonnull %sc, ptr noundef nonnull %sd, ptr noundef nonnull @ompi_mpi_double, ptr noundef nonnull @ompi_mpi_comm_world) #4
  call void @llvm.lifetime.end.p0(i64 256, ptr nonnull %sd) #4
  call void @llvm.lifetime.end.p0(i64 256, ptr nonnull %sc) #4
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds [64 x i32], ptr %sc, i64 0, i64 %indvars.iv
  store i32 %n, ptr %arrayidx, align 4
  %arrayidx2 = getelementptr inbounds [64 x i32], ptr %sd, i64 0, i64 %indvars.iv
  %0 = trunc i64 %indvars.iv to i32
  %1 = mul i32 %0, %n
  store i32 %1, ptr %arrayidx2, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

declare i32 @MPI_Alltoallv(ptr noundef, ptr noundef, ptr noundef, ptr noundef, ptr noundef, ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define dso_local void @pack(ptr noundef %a, ptr noundef %buf, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %pos = alloca i32, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %pos) #4
  store i32 0, ptr %pos, align 4
  %mul = shl nsw i32 %n, 3
  %call = call i32 @MPI_Pack(ptr noundef %a, i32 noundef %n, ptr noundef nonnull @ompi_mpi_double, ptr noundef %buf, i32 noundef %mul, ptr noundef nonnull %pos, ptr noundef nonnull @ompi_mpi_comm_world) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %pos) #4
  ret void
}

declare i32 @MPI_Pack(ptr noundef, i32 noundef, ptr noundef, ptr noundef, i32 noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define dso_local void @fetch_and_op(ptr noundef %o, ptr noundef %res, ptr noundef %w) local_unnamed_addr #0 {
entry:
  %call = tail call i32 @MPI_Fetch_and_op(ptr noundef %o, ptr noundef %res, ptr noundef nonnull @ompi_mpi_long, i32 noundef 1, i64 noundef 0, ptr noundef nonnull @ompi_mpi_op_sum, ptr noundef %w) #4
  ret void
}

declare i32 @MPI_Fetch_and_op(ptr noundef, ptr noundef, ptr noundef, i32 noundef, i64 noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define dso_local void @increment(ptr noundef %d, i32 noundef %pe) local_unnamed_addr #0 {
entry:
  tail call void @shmem_int_inc(ptr noundef %d, i32 noundef %pe) #4
  ret void
}

declare void @shmem_int_inc(ptr noundef, i32 noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define dso_local void @unknown_array_contents(ptr noundef %s, ptr noundef %r, ptr noundef %counts, ptr noundef %displs) local_unnamed_addr #0 {
entry:
  %call = tail call i32 @MPI_Allgatherv(ptr noundef %s, i32 noundef 1, ptr noundef nonnull @ompi_mpi_double, ptr noundef %r, ptr noundef %counts, ptr noundef %displs, ptr noundef nonnull @ompi_mpi_double, ptr noundef nonnull @ompi_mpi_comm_world) #4
  ret void
}

declare i32 @MPI_Allgatherv(ptr noundef, i32 noundef, ptr noundef, ptr noundef, ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define dso_local void @rank_dependent_count(ptr noundef %s, ptr noundef %r) local_unnamed_addr #0 {
entry:
  %rank = alloca i32, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %rank) #4
  %call = call i32 @MPI_Comm_rank(ptr noundef nonnull @ompi_mpi_comm_world, ptr noundef nonnull %rank) #4
  %0 = load i32, ptr %rank, align 4
  %add = add nsw i32 %0, 1
  %call2 = call i32 @MPI_Alltoall(ptr noundef %s, i32 noundef %add, ptr noundef nonnull @ompi_mpi_double, ptr noundef %r, i32 noundef %add, ptr noundef nonnull @ompi_mpi_double, ptr noundef nonnull @ompi_mpi_comm_world) #4
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %rank) #4
  ret void
}

declare i32 @MPI_Comm_rank(ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define dso_local void @unknown_neighbours(ptr noundef %s, ptr noundef %r, ptr noundef %cart) local_unnamed_addr #0 {
entry:
  %call = tail call i32 @MPI_Neighbor_alltoall(ptr noundef %s, i32 noundef 4, ptr noundef nonnull @ompi_mpi_double, ptr noundef %r, i32 noundef 4, ptr noundef nonnull @ompi_mpi_double, ptr noundef %cart) #4
  ret void
}

declare i32 @MPI_Neighbor_alltoall(ptr noundef, i32 noundef, ptr noundef, ptr noundef, i32 noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define dso_local void @unsupported_datatype(ptr noundef %a, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %pair = alloca ptr, align 8
  %t = alloca ptr, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %pair) #4
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t) #4
  %call = call i32 @MPI_Type_vector(i32 noundef 2, i32 noundef 1, i32 noundef 4, ptr noundef nonnull @ompi_mpi_double, ptr noundef nonnull %pair) #4
  %0 = load ptr, ptr %pair, align 8
  %call1 = call i32 @MPI_Type_vector(i32 noundef 3, i32 noundef 2, i32 noundef 16, ptr noundef %0, ptr noundef nonnull %t) #4
  %call2 = call i32 @MPI_Type_commit(ptr noundef nonnull %t) #4
  %1 = load ptr, ptr %t, align 8
  %call3 = call i32 @MPI_Send(ptr noundef %a, i32 noundef 1, ptr noundef %1, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %pair) #4
  ret void
}

declare i32 @MPI_Type_vector(i32 noundef, i32 noundef, i32 noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

declare i32 @MPI_Type_commit(ptr noundef) local_unnamed_addr #2

declare i32 @MPI_Send(ptr noundef, i32 noundef, ptr noundef, i32 noundef, i32 noundef, ptr noundef) local_unnamed_addr #2

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind }
