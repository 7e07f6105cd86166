; print<commcost> on a site rejected for each reason the IR can show: the remark name and the message.
; Generated with clang -O1 -fno-discard-value-names (no inlining, unrolling or
; vectorising) from:
;
; #include <mpi.h>
; #include <omp.h>
; int next_size(void);
; void (*send_fn)(void);
; void indirect_call(double *b, int n, int to, int c) {
;   int (*f)(const void *, int, MPI_Datatype, int, int, MPI_Comm) = c ? MPI_Send : MPI_Ssend;
;   f(b, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
; }
; void unnamed_value(double *b, int to) { MPI_Send(b, next_size(), MPI_DOUBLE, to, 0, MPI_COMM_WORLD); }
; void varying_value(double *b, int n, int to) {
;   for (int i = 0; i < n; i++) MPI_Send(b, i, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
; }
; void unsupported_operation(double *b, int n, int to) { MPI_Send(b, n ^ 3, MPI_DOUBLE, to, 0, MPI_COMM_WORLD); }
; void processor_dependent(double *b, const int *counts, int to) {
;   int rank;
;   MPI_Comm_rank(MPI_COMM_WORLD, &rank);
;   MPI_Send(b, counts[rank], MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
; }
; void unknown_datatype(double *a, MPI_Datatype t, int to) { MPI_Send(a, 1, t, to, 0, MPI_COMM_WORLD); }
; void struct_datatype(double *a, int to) {
;   int lens[2] = {1, 1};
;   MPI_Aint disps[2] = {0, 16};
;   MPI_Datatype types[2] = {MPI_DOUBLE, MPI_DOUBLE}, t;
;   MPI_Type_create_struct(2, lens, disps, types, &t);
;   MPI_Type_commit(&t);
;   MPI_Send(a, 1, t, to, 0, MPI_COMM_WORLD);
; }
; void invalid_datatype(double *a, int to) {
;   MPI_Datatype t;
;   MPI_Type_vector(-3, 1, 4, MPI_DOUBLE, &t);
;   MPI_Type_commit(&t);
;   MPI_Send(a, 1, t, to, 0, MPI_COMM_WORLD);
; }
; void unknown_trip_count(double *b, const int *flags, int to) {
;   for (int i = 0; flags[i]; i++) MPI_Send(b + i, 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
; }
; void multiple_exits(double *b, int n, int k, int to) {
;   for (int i = 0; i < n; i++) {
;     MPI_Send(b + i, 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
;     if (i == k) {
;       MPI_Barrier(MPI_COMM_WORLD);
;       break;
;     }
;   }
; }
; void varying_loop_bound(double *restrict d, const double *restrict s, int n) {
;   int rank;  // a superstep: copy loops and calls retry per iteration
;   MPI_Comm_rank(MPI_COMM_WORLD, &rank);
;   for (int i = rank * n; i < (rank + 1) * n; i++)
;     for (int j = 0; j < i; j++) d[i * n + j] = s[j];
; }
; void non_affine_address(double *b, const int *idx, int n, int to) {
;   for (int i = 0; i < n; i++) MPI_Send(b + idx[i], 1, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
; }
; void too_many_dimensions(double *b, int to) {
;   for (int i = 0; i < 4; i++)
;     for (int j = 0; j < 4; j++)
;       for (int k = 0; k < 4; k++) MPI_Send(b + i * 4000 + j * 300 + k * 20, 2, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
; }
; void volatile_copy(volatile double *restrict d, const double *restrict s, int n) {
;   for (int i = 0; i < n; i++) d[i] = s[i];
; }
; void may_alias(double *a, int n) {
;   for (int i = 0; i < n; i++) a[i] = a[i + n];
; }
; void dynamic_schedule(double *restrict d, const double *restrict s, int n) {
; #pragma omp parallel for schedule(dynamic)
;   for (int i = 0; i < n; i++) d[i] = s[i];
; }
; void partition_not_analysed(double *restrict d, const double *restrict s, int n) {
;   int id = omp_get_thread_num();
;   for (int i = id * id; i < n; i++) d[i] = s[i];
; }
; void recursive(double *b, int n, int to) {
;   if (n > 1) recursive(b, n / 2, to);
;   MPI_Send(b, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD);
; }
;
; RUN: %print %s | FileCheck %s
;
; CHECK-LABEL: commcost: function 'indirect_call'
; CHECK-NEXT:   missed ? MPI_Send: IndirectCall: indirect call that may call MPI_Send; only direct calls are analysed
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: IndirectCall: indirect call that may call MPI_Send; only direct calls are analysed
; CHECK-LABEL: commcost: function 'unnamed_value'
; CHECK-NEXT:   missed ? MPI_Send: UnnamedValue: a size depends on the result of next_size(), which has no source-level name (compile with -g to name it)
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: UnnamedValue: a size depends on the result of next_size(), which has no source-level name (compile with -g to name it)
; CHECK-LABEL: commcost: function 'varying_value'
; CHECK-NEXT:   missed ? MPI_Send: VaryingValue: a size changes from one loop iteration to the next
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: VaryingValue: a size changes from one loop iteration to the next
; CHECK-LABEL: commcost: function 'unsupported_operation'
; CHECK-NEXT:   missed ? MPI_Send: UnsupportedOperation: a size is computed by 'xor', which the expression grammar cannot write
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: UnsupportedOperation: a size is computed by 'xor', which the expression grammar cannot write
; CHECK-LABEL: commcost: function 'processor_dependent'
; CHECK-NEXT:   missed ? MPI_Send: ProcessorDependentValue: a size is read from memory at an address computed from the processor id
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: ProcessorDependentValue: a size is read from memory at an address computed from the processor id
; CHECK-LABEL: commcost: function 'unknown_datatype'
; CHECK-NEXT:   missed ? MPI_Send: UnknownDatatype: the datatype is parameter 't' of unknown_datatype, which has 0 visible callers (exactly one is needed)
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: UnknownDatatype: the datatype is parameter 't' of unknown_datatype, which has 0 visible callers (exactly one is needed)
; A struct of two doubles 16 bytes apart: two 8-byte rows (collectives.ll
; has UnsupportedDatatype).
; CHECK-LABEL: commcost: function 'struct_datatype'
; CHECK-NEXT:   site ? copy memcpy of 'local array <- buffer': L_mem=1, L_re1=0, L_re2=0, L_re3=0, bpm=16, m=16, n=1; lines 1..1; read lines 1..1; write lines 1..1; cost 0.024480 us {{\[}}M1-reuse]
; CHECK-NEXT:   site ? copy memcpy of 'local array <- buffer': L_mem=1, L_re1=0, L_re2=0, L_re3=0, bpm=16, m=16, n=1; lines 1..1; read lines 1..1; write lines 1..1; cost 0.024480 us {{\[}}M1-reuse]
; CHECK-NEXT:   site ? send MPI_Send of 'a': L_mem=2, bpm=16, m=16, n=1; lines 1..2; cost 0.359120 us {{\[}}M1-mpi]
; CHECK-NEXT:   total: 0.408080 us (3 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'invalid_datatype'
; CHECK-NEXT:   missed ? MPI_Send: InvalidDatatype: argument 1 of MPI_Type_vector is -3; counts and sizes cannot be negative
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: InvalidDatatype: argument 1 of MPI_Type_vector is -3; counts and sizes cannot be negative
; CHECK-LABEL: commcost: function 'unknown_trip_count'
; CHECK-NEXT:   site ? send MPI_Send of 'b': per iteration of the loop 'for.body'; L_mem=1, bpm=8, m=8, n=1; lines 1..1; cost 0.354560 us {{\[}}M1-mpi]
; CHECK-NEXT:   total: none (1 analysed, 0 missed); incomplete: UnknownTripCount: the trip count of the loop 'for.body' is unknown
; CHECK-LABEL: commcost: function 'multiple_exits'
; CHECK-NEXT:   missed ? MPI_Send: MultipleExits: the loop 'for.body' has several exits
; CHECK-NEXT: site ? collective MPI_Barrier: when n > 0; at most (a condition holds (in the loop 'for.body')); M=0, V=0, h=0, hi=0, ho=0, n=1, p=nranks; cost 1.500000 us {{\[}}F_io-calls]
; CHECK-NEXT:   total: 1.500000 us (1 analysed, 1 missed); incomplete: MultipleExits: the loop 'for.body' has several exits
; CHECK-LABEL: commcost: function 'varying_loop_bound'
; CHECK-NEXT:   missed ? superstep: VaryingLoopBound: the trip count of the loop 'for.body5' changes with the loop 'for.cond2.preheader'
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: VaryingLoopBound: the trip count of the loop 'for.body5' changes with the loop 'for.cond2.preheader'
; CHECK-LABEL: commcost: function 'non_affine_address'
; CHECK-NEXT:   missed ? MPI_Send: NonAffineAddress: the address is not an affine function of the counter of the loop 'for.body': it depends on a pointer loaded in the loop (such as a container's data pointer, which a store in the loop might change); load it before the loop, e.g. with .data()
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: NonAffineAddress: the address is not an affine function of the counter of the loop 'for.body': it depends on a pointer loaded in the loop (such as a container's data pointer, which a store in the loop might change); load it before the loop, e.g. with .data()
; CHECK-LABEL: commcost: function 'too_many_dimensions'
; CHECK-NEXT:   missed ? MPI_Send: TooManyDimensions: the footprint has 3 strided dimensions; at most 2 (a 3-D slice) are supported
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: TooManyDimensions: the footprint has 3 strided dimensions; at most 2 (a 3-D slice) are supported
; CHECK-LABEL: commcost: function 'volatile_copy'
; CHECK-NEXT:   missed ? copy loop: VolatileCopy: volatile accesses
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: VolatileCopy: volatile accesses
; CHECK-LABEL: commcost: function 'may_alias'
; CHECK-NEXT:   missed ? copy loop: MayAlias: source and destination are the same array 'a', so they may overlap
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: MayAlias: source and destination are the same array 'a', so they may overlap
; CHECK-LABEL: commcost: function 'dynamic_schedule'
; CHECK-NEXT:   total: none (0 analysed, 0 missed)
; CHECK-LABEL: commcost: function 'dynamic_schedule.omp_outlined'
; CHECK-NEXT:   missed ? superstep: DynamicSchedule: schedule(dynamic) makes per-thread work unknown at compile time
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: DynamicSchedule: schedule(dynamic) makes per-thread work unknown at compile time
; CHECK-LABEL: commcost: function 'partition_not_analysed'
; CHECK-NEXT:   missed ? superstep: PartitionNotAnalysed: the split of the loop 'for.body' by id (from n - id*id iterations each) is not a block or cyclic partition of one range
; CHECK-NEXT:   total: none (0 analysed, 1 missed); incomplete: PartitionNotAnalysed: the split of the loop 'for.body' by id (from n - id*id iterations each) is not a block or cyclic partition of one range
; CHECK-LABEL: commcost: function 'recursive'
; CHECK-NEXT:   site ? send MPI_Send of 'b': L_mem=min(1, n) + floordiv(8*n + 55, 64), bpm=8*n, m=8*n, n=1; lines ceildiv(8*n, 64)..min(1, n) + floordiv(8*n + 55, 64); cost (560*n + 4000*min(1, n) + 4000*floordiv(8*n + 55, 64) + 350000) ps {{\[}}M1-mpi]
; CHECK-NEXT:   total: (560*n + 4000*min(1, n) + 4000*floordiv(8*n + 55, 64) + 350000) ps (1 analysed, 0 missed); incomplete: CalleeNotPriced: the cost of the call to recursive is not known: it is being analysed (a recursive call)

target triple = "x86_64-pc-linux-gnu"

%struct.ompi_predefined_datatype_t = type opaque
%struct.ompi_predefined_communicator_t = type opaque
%struct.ident_t = type { i32, i32, i32, i32, ptr }

@send_fn = dso_local local_unnamed_addr global ptr null, align 8
@ompi_mpi_double = external global %struct.ompi_predefined_datatype_t, align 1
@ompi_mpi_comm_world = external global %struct.ompi_predefined_communicator_t, align 1
@__const.struct_datatype.disps = private unnamed_addr constant [2 x i64] [i64 0, i64 16], align 16
@__const.struct_datatype.types = private unnamed_addr constant [2 x ptr] [ptr @ompi_mpi_double, ptr @ompi_mpi_double], align 16
@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8

; Function Attrs: noinline nounwind
define dso_local void @indirect_call(ptr noundef %b, i32 noundef %n, i32 noundef %to, i32 noundef %c) local_unnamed_addr #0 {
entry:
  %tobool.not = icmp eq i32 %c, 0
  %cond = select i1 %tobool.not, ptr @MPI_Ssend, ptr @MPI_Send
  %call = tail call i32 %cond(ptr noundef %b, i32 noundef %n, ptr noundef nonnull @ompi_mpi_double, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i32 @MPI_Send(ptr noundef, i32 noundef, ptr noundef, i32 noundef, i32 noundef, ptr noundef) local_unnamed_addr #2

declare i32 @MPI_Ssend(ptr noundef, i32 noundef, ptr noundef, i32 noundef, i32 noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: noinline nounwind
define dso_local void @unnamed_value(ptr noundef %b, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %call = tail call i32 @next_size() #9
  %call1 = tail call i32 @MPI_Send(ptr noundef %b, i32 noundef %call, ptr noundef nonnull @ompi_mpi_double, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  ret void
}

declare i32 @next_size() local_unnamed_addr #2

; Function Attrs: noinline nounwind
define dso_local void @varying_value(ptr noundef %b, i32 noundef %n, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %cmp3 = icmp sgt i32 %n, 0
  br i1 %cmp3, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %entry, %for.body
  %i.04 = phi i32 [ %inc, %for.body ], [ 0, %entry ]
  %call = tail call i32 @MPI_Send(ptr noundef %b, i32 noundef %i.04, ptr noundef nonnull @ompi_mpi_double, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  %inc = add nuw nsw i32 %i.04, 1
  %exitcond.not = icmp eq i32 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

; Function Attrs: noinline nounwind
define dso_local void @unsupported_operation(ptr noundef %b, i32 noundef %n, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %xor = xor i32 %n, 3
  %call = tail call i32 @MPI_Send(ptr noundef %b, i32 noundef %xor, ptr noundef nonnull @ompi_mpi_double, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  ret void
}

; Function Attrs: noinline nounwind
define dso_local void @processor_dependent(ptr noundef %b, ptr nocapture noundef readonly %counts, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %rank = alloca i32, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %rank) #7
  %call = call i32 @MPI_Comm_rank(ptr noundef nonnull @ompi_mpi_comm_world, ptr noundef nonnull %rank) #9
  %0 = load i32, ptr %rank, align 4
  %idxprom = sext i32 %0 to i64
  %arrayidx = getelementptr inbounds i32, ptr %counts, i64 %idxprom
  %1 = load i32, ptr %arrayidx, align 4
  %call1 = call i32 @MPI_Send(ptr noundef %b, i32 noundef %1, ptr noundef nonnull @ompi_mpi_double, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %rank) #7
  ret void
}

declare i32 @MPI_Comm_rank(ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: noinline nounwind
define dso_local void @unknown_datatype(ptr noundef %a, ptr noundef %t, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %call = tail call i32 @MPI_Send(ptr noundef %a, i32 noundef 1, ptr noundef %t, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  ret void
}

; Function Attrs: noinline nounwind
define dso_local void @struct_datatype(ptr noundef %a, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %lens = alloca [2 x i32], align 8
  %disps = alloca [2 x i64], align 16
  %types = alloca [2 x ptr], align 16
  %t = alloca ptr, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %lens) #7
  store i64 4294967297, ptr %lens, align 8
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %disps) #7
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %disps, ptr noundef nonnull align 16 dereferenceable(16) @__const.struct_datatype.disps, i64 16, i1 false)
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %types) #7
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %types, ptr noundef nonnull align 16 dereferenceable(16) @__const.struct_datatype.types, i64 16, i1 false)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t) #7
  %call = call i32 @MPI_Type_create_struct(i32 noundef 2, ptr noundef nonnull %lens, ptr noundef nonnull %disps, ptr noundef nonnull %types, ptr noundef nonnull %t) #9
  %call3 = call i32 @MPI_Type_commit(ptr noundef nonnull %t) #9
  %0 = load ptr, ptr %t, align 8
  %call4 = call i32 @MPI_Send(ptr noundef %a, i32 noundef 1, ptr noundef %0, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t) #7
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %types) #7
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %disps) #7
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %lens) #7
  ret void
}

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #3

declare i32 @MPI_Type_create_struct(i32 noundef, ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

declare i32 @MPI_Type_commit(ptr noundef) local_unnamed_addr #2

; Function Attrs: noinline nounwind
define dso_local void @invalid_datatype(ptr noundef %a, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %t = alloca ptr, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t) #7
  %call = call i32 @MPI_Type_vector(i32 noundef -3, i32 noundef 1, i32 noundef 4, ptr noundef nonnull @ompi_mpi_double, ptr noundef nonnull %t) #9
  %call1 = call i32 @MPI_Type_commit(ptr noundef nonnull %t) #9
  %0 = load ptr, ptr %t, align 8
  %call2 = call i32 @MPI_Send(ptr noundef %a, i32 noundef 1, ptr noundef %0, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t) #7
  ret void
}

declare i32 @MPI_Type_vector(i32 noundef, i32 noundef, i32 noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: noinline nounwind
define dso_local void @unknown_trip_count(ptr noundef %b, ptr nocapture noundef readonly %flags, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %0 = load i32, ptr %flags, align 4
  %tobool.not3 = icmp eq i32 %0, 0
  br i1 %tobool.not3, label %for.cond.cleanup, label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %entry, %for.body
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body ], [ 0, %entry ]
  %add.ptr = getelementptr inbounds double, ptr %b, i64 %indvars.iv
  %call = tail call i32 @MPI_Send(ptr noundef %add.ptr, i32 noundef 1, ptr noundef nonnull @ompi_mpi_double, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %arrayidx = getelementptr inbounds i32, ptr %flags, i64 %indvars.iv.next
  %1 = load i32, ptr %arrayidx, align 4
  %tobool.not = icmp eq i32 %1, 0
  br i1 %tobool.not, label %for.cond.cleanup, label %for.body
}

; Function Attrs: noinline nounwind
define dso_local void @multiple_exits(ptr noundef %b, i32 noundef %n, i32 noundef %k, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %cmp6 = icmp sgt i32 %n, 0
  br i1 %cmp6, label %for.body.preheader, label %cleanup

for.body.preheader:                               ; preds = %entry
  %0 = zext i32 %k to i64
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond:                                         ; preds = %for.body
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %cleanup, label %for.body

for.body:                                         ; preds = %for.body.preheader, %for.cond
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.cond ]
  %add.ptr = getelementptr inbounds double, ptr %b, i64 %indvars.iv
  %call = tail call i32 @MPI_Send(ptr noundef %add.ptr, i32 noundef 1, ptr noundef nonnull @ompi_mpi_double, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  %cmp1 = icmp eq i64 %indvars.iv, %0
  br i1 %cmp1, label %if.then, label %for.cond

if.then:                                          ; preds = %for.body
  %call2 = tail call i32 @MPI_Barrier(ptr noundef nonnull @ompi_mpi_comm_world) #9
  br label %cleanup

cleanup:                                          ; preds = %for.cond, %entry, %if.then
  ret void
}

declare i32 @MPI_Barrier(ptr noundef) local_unnamed_addr #2

; Function Attrs: noinline nounwind
define dso_local void @varying_loop_bound(ptr noalias nocapture noundef writeonly %d, ptr noalias nocapture noundef readonly %s, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %rank = alloca i32, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %rank) #1
  %call = call i32 @MPI_Comm_rank(ptr noundef nonnull @ompi_mpi_comm_world, ptr noundef nonnull %rank) #9
  %0 = load i32, ptr %rank, align 4
  %mul = mul nsw i32 %0, %n
  %add = add nsw i32 %0, 1
  %mul1 = mul nsw i32 %add, %n
  %cmp23 = icmp slt i32 %mul, %mul1
  br i1 %cmp23, label %for.cond2.preheader.preheader, label %for.cond.cleanup

for.cond2.preheader.preheader:                    ; preds = %entry
  %1 = sext i32 %mul to i64
  %2 = sext i32 %n to i64
  %wide.trip.count31 = sext i32 %mul1 to i64
  br label %for.cond2.preheader

for.cond2.preheader:                              ; preds = %for.cond2.preheader.preheader, %for.cond.cleanup4
  %indvars.iv27 = phi i64 [ %1, %for.cond2.preheader.preheader ], [ %indvars.iv.next28, %for.cond.cleanup4 ]
  %cmp321 = icmp sgt i64 %indvars.iv27, 0
  br i1 %cmp321, label %for.body5.lr.ph, label %for.cond.cleanup4

for.body5.lr.ph:                                  ; preds = %for.cond2.preheader
  %3 = mul nsw i64 %indvars.iv27, %2
  %wide.trip.count = and i64 %indvars.iv27, 4294967295
  %invariant.gep = getelementptr double, ptr %d, i64 %3
  br label %for.body5

for.cond.cleanup:                                 ; preds = %for.cond.cleanup4, %entry
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %rank) #1
  ret void

for.cond.cleanup4:                                ; preds = %for.body5, %for.cond2.preheader
  %indvars.iv.next28 = add nsw i64 %indvars.iv27, 1
  %exitcond32.not = icmp eq i64 %indvars.iv.next28, %wide.trip.count31
  br i1 %exitcond32.not, label %for.cond.cleanup, label %for.cond2.preheader

for.body5:                                        ; preds = %for.body5.lr.ph, %for.body5
  %indvars.iv = phi i64 [ 0, %for.body5.lr.ph ], [ %indvars.iv.next, %for.body5 ]
  %arrayidx = getelementptr inbounds double, ptr %s, i64 %indvars.iv
  %4 = load double, ptr %arrayidx, align 8
  %gep = getelementptr double, ptr %invariant.gep, i64 %indvars.iv
  store double %4, ptr %gep, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup4, label %for.body5
}

; Function Attrs: noinline nounwind
define dso_local void @non_affine_address(ptr noundef %b, ptr nocapture noundef readonly %idx, i32 noundef %n, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %cmp3 = icmp sgt i32 %n, 0
  br i1 %cmp3, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %idx, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4
  %idx.ext = sext i32 %0 to i64
  %add.ptr = getelementptr inbounds double, ptr %b, i64 %idx.ext
  %call = tail call i32 @MPI_Send(ptr noundef %add.ptr, i32 noundef 1, ptr noundef nonnull @ompi_mpi_double, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

; Function Attrs: noinline nounwind
define dso_local void @too_many_dimensions(ptr noundef %b, i32 noundef %to) local_unnamed_addr #0 {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.cond.cleanup3
  %indvars.iv37 = phi i64 [ 0, %entry ], [ %indvars.iv.next38, %for.cond.cleanup3 ]
  %add.ptr.idx = mul i64 %indvars.iv37, 32000
  %add.ptr = getelementptr inbounds i8, ptr %b, i64 %add.ptr.idx
  br label %for.cond5.preheader

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3
  ret void

for.cond5.preheader:                              ; preds = %for.cond1.preheader, %for.cond.cleanup7
  %indvars.iv32 = phi i64 [ 0, %for.cond1.preheader ], [ %indvars.iv.next33, %for.cond.cleanup7 ]
  %add.ptr11.idx = mul i64 %indvars.iv32, 2400
  %add.ptr11 = getelementptr inbounds i8, ptr %add.ptr, i64 %add.ptr11.idx
  br label %for.body8

for.cond.cleanup3:                                ; preds = %for.cond.cleanup7
  %indvars.iv.next38 = add nuw nsw i64 %indvars.iv37, 1
  %exitcond41.not = icmp eq i64 %indvars.iv.next38, 4
  br i1 %exitcond41.not, label %for.cond.cleanup, label %for.cond1.preheader

for.cond.cleanup7:                                ; preds = %for.body8
  %indvars.iv.next33 = add nuw nsw i64 %indvars.iv32, 1
  %exitcond36.not = icmp eq i64 %indvars.iv.next33, 4
  br i1 %exitcond36.not, label %for.cond.cleanup3, label %for.cond5.preheader

for.body8:                                        ; preds = %for.cond5.preheader, %for.body8
  %indvars.iv = phi i64 [ 0, %for.cond5.preheader ], [ %indvars.iv.next, %for.body8 ]
  %add.ptr14.idx = mul i64 %indvars.iv, 160
  %add.ptr14 = getelementptr inbounds i8, ptr %add.ptr11, i64 %add.ptr14.idx
  %call = tail call i32 @MPI_Send(ptr noundef %add.ptr14, i32 noundef 2, ptr noundef nonnull @ompi_mpi_double, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 4
  br i1 %exitcond.not, label %for.cond.cleanup7, label %for.body8
}

; Function Attrs: nofree noinline norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local void @volatile_copy(ptr noalias noundef %d, ptr noalias nocapture noundef readonly %s, i32 noundef %n) local_unnamed_addr #4 {
entry:
  %cmp6 = icmp sgt i32 %n, 0
  br i1 %cmp6, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds double, ptr %s, i64 %indvars.iv
  %0 = load double, ptr %arrayidx, align 8
  %arrayidx2 = getelementptr inbounds double, ptr %d, i64 %indvars.iv
  store volatile double %0, ptr %arrayidx2, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @may_alias(ptr nocapture noundef %a, i32 noundef %n) local_unnamed_addr #5 {
entry:
  %cmp8 = icmp sgt i32 %n, 0
  br i1 %cmp8, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = zext nneg i32 %n to i64
  %wide.trip.count = zext nneg i32 %n to i64
  %invariant.gep = getelementptr inbounds double, ptr %a, i64 %0
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %gep = getelementptr inbounds double, ptr %invariant.gep, i64 %indvars.iv
  %1 = load double, ptr %gep, align 8
  %arrayidx2 = getelementptr inbounds double, ptr %a, i64 %indvars.iv
  store double %1, ptr %arrayidx2, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

; Function Attrs: noinline nounwind
define dso_local void @dynamic_schedule(ptr noalias noundef %d, ptr noalias noundef %s, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %d.addr = alloca ptr, align 8
  %s.addr = alloca ptr, align 8
  %n.addr = alloca i32, align 4
  store ptr %d, ptr %d.addr, align 8
  store ptr %s, ptr %s.addr, align 8
  store i32 %n, ptr %n.addr, align 4
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr nonnull @1, i32 3, ptr nonnull @dynamic_schedule.omp_outlined, ptr nonnull %n.addr, ptr nonnull %d.addr, ptr nonnull %s.addr)
  ret void
}

; Function Attrs: alwaysinline norecurse nounwind
define internal void @dynamic_schedule.omp_outlined(ptr noalias nocapture noundef readonly %.global_tid., ptr noalias nocapture readnone %.bound_tid., ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %n, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %d, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %s) #6 {
entry:
  %.omp.lb = alloca i32, align 4
  %.omp.ub = alloca i32, align 4
  %.omp.stride = alloca i32, align 4
  %.omp.is_last = alloca i32, align 4
  %0 = load i32, ptr %n, align 4
  %cmp = icmp sgt i32 %0, 0
  br i1 %cmp, label %omp.precond.then, label %omp.precond.end

omp.precond.then:                                 ; preds = %entry
  %sub2 = add nsw i32 %0, -1
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %.omp.lb) #7
  store i32 0, ptr %.omp.lb, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %.omp.ub) #7
  store i32 %sub2, ptr %.omp.ub, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %.omp.stride) #7
  store i32 1, ptr %.omp.stride, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %.omp.is_last) #7
  store i32 0, ptr %.omp.is_last, align 4
  %1 = load i32, ptr %.global_tid., align 4
  tail call void @__kmpc_dispatch_init_4(ptr nonnull @1, i32 %1, i32 1073741859, i32 0, i32 %sub2, i32 1, i32 1)
  %2 = call i32 @__kmpc_dispatch_next_4(ptr nonnull @1, i32 %1, ptr nonnull %.omp.is_last, ptr nonnull %.omp.lb, ptr nonnull %.omp.ub, ptr nonnull %.omp.stride)
  %tobool.not17 = icmp eq i32 %2, 0
  br i1 %tobool.not17, label %omp.dispatch.end, label %omp.dispatch.body

omp.dispatch.cond.loopexit:                       ; preds = %omp.inner.for.body, %omp.dispatch.body
  %3 = call i32 @__kmpc_dispatch_next_4(ptr nonnull @1, i32 %1, ptr nonnull %.omp.is_last, ptr nonnull %.omp.lb, ptr nonnull %.omp.ub, ptr nonnull %.omp.stride)
  %tobool.not = icmp eq i32 %3, 0
  br i1 %tobool.not, label %omp.dispatch.end, label %omp.dispatch.body

omp.dispatch.body:                                ; preds = %omp.precond.then, %omp.dispatch.cond.loopexit
  %4 = load i32, ptr %.omp.lb, align 4
  %5 = load i32, ptr %.omp.ub, align 4
  %cmp4.not15 = icmp sgt i32 %4, %5
  br i1 %cmp4.not15, label %omp.dispatch.cond.loopexit, label %omp.inner.for.body.preheader

omp.inner.for.body.preheader:                     ; preds = %omp.dispatch.body
  %6 = sext i32 %4 to i64
  %7 = add i32 %5, 1
  br label %omp.inner.for.body

omp.inner.for.body:                               ; preds = %omp.inner.for.body.preheader, %omp.inner.for.body
  %indvars.iv = phi i64 [ %6, %omp.inner.for.body.preheader ], [ %indvars.iv.next, %omp.inner.for.body ]
  %8 = load ptr, ptr %s, align 8
  %arrayidx = getelementptr inbounds double, ptr %8, i64 %indvars.iv
  %9 = load double, ptr %arrayidx, align 8
  %10 = load ptr, ptr %d, align 8
  %arrayidx6 = getelementptr inbounds double, ptr %10, i64 %indvars.iv
  store double %9, ptr %arrayidx6, align 8
  %indvars.iv.next = add nsw i64 %indvars.iv, 1
  %lftr.wideiv = trunc i64 %indvars.iv.next to i32
  %exitcond.not = icmp eq i32 %7, %lftr.wideiv
  br i1 %exitcond.not, label %omp.dispatch.cond.loopexit, label %omp.inner.for.body

omp.dispatch.end:                                 ; preds = %omp.dispatch.cond.loopexit, %omp.precond.then
  call void @__kmpc_dispatch_deinit(ptr nonnull @1, i32 %1)
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %.omp.is_last) #7
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %.omp.stride) #7
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %.omp.ub) #7
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %.omp.lb) #7
  br label %omp.precond.end

omp.precond.end:                                  ; preds = %omp.dispatch.end, %entry
  ret void
}

; Function Attrs: nounwind
declare void @__kmpc_dispatch_init_4(ptr, i32, i32, i32, i32, i32, i32) local_unnamed_addr #7

; Function Attrs: nounwind
declare i32 @__kmpc_dispatch_next_4(ptr, i32, ptr, ptr, ptr, ptr) local_unnamed_addr #7

; Function Attrs: nounwind
declare void @__kmpc_dispatch_deinit(ptr, i32) local_unnamed_addr #7

; Function Attrs: nounwind
declare void @__kmpc_fork_call(ptr, i32, ptr, ...) local_unnamed_addr #7

; Function Attrs: noinline nounwind
define dso_local void @partition_not_analysed(ptr noalias nocapture noundef writeonly %d, ptr noalias nocapture noundef readonly %s, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %call = tail call i32 @omp_get_thread_num() #10
  %mul = mul nsw i32 %call, %call
  %cmp7 = icmp slt i32 %mul, %n
  br i1 %cmp7, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = zext nneg i32 %mul to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ %0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds double, ptr %s, i64 %indvars.iv
  %1 = load double, ptr %arrayidx, align 8
  %arrayidx2 = getelementptr inbounds double, ptr %d, i64 %indvars.iv
  store double %1, ptr %arrayidx2, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %2 = trunc nuw i64 %indvars.iv.next to i32
  %cmp = icmp slt i32 %2, %n
  br i1 %cmp, label %for.body, label %for.cond.cleanup
}

; Function Attrs: nounwind
declare i32 @omp_get_thread_num() local_unnamed_addr #8

; Function Attrs: noinline nounwind
define dso_local void @recursive(ptr noundef %b, i32 noundef %n, i32 noundef %to) local_unnamed_addr #0 {
entry:
  %cmp = icmp sgt i32 %n, 1
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %div5 = lshr i32 %n, 1
  tail call void @recursive(ptr noundef %b, i32 noundef %div5, i32 noundef %to) #10
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  %call = tail call i32 @MPI_Send(ptr noundef %b, i32 noundef %n, ptr noundef nonnull @ompi_mpi_double, i32 noundef %to, i32 noundef 0, ptr noundef nonnull @ompi_mpi_comm_world) #9
  ret void
}

attributes #0 = { noinline nounwind "min-legal-vector-width"="0" "no-builtin-memcpy" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { "no-builtin-memcpy" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nofree noinline norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite) "min-legal-vector-width"="0" "no-builtin-memcpy" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree noinline norecurse nosync nounwind memory(argmem: readwrite) "min-legal-vector-width"="0" "no-builtin-memcpy" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { alwaysinline norecurse nounwind "min-legal-vector-width"="0" "no-builtin-memcpy" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nounwind }
attributes #8 = { nounwind "no-builtin-memcpy" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { nounwind "no-builtin-memcpy" }
attributes #10 = { "no-builtin-memcpy" }

