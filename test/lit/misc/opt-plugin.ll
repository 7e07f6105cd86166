; The same library is an LLVM pass plugin: opt -load-pass-plugin runs the
; analysis on IR (no clang frontend, so names come from the IR), here a
; strided copy loop and an MPI_Send of a row whose length is an argument.
; RUN: %opt -load-pass-plugin=%plugin -passes=commcost -pass-remarks-analysis=commcost -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=commcost -disable-output %s 2>&1 | count 0

; CHECK: remark: <unknown>:0:0: loop (copy-loop) of 'buf <- a', double elements: read n rows of 8 bytes, row pitch 8*ld bytes, write contiguous block of 8*n bytes
define void @pack(ptr noalias %buf, ptr noalias %a, i64 %n, i64 %ld) {
entry:
  %empty = icmp sle i64 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %idx = mul nsw i64 %i, %ld
  %src = getelementptr inbounds double, ptr %a, i64 %idx
  %v = load double, ptr %src, align 8
  %dst = getelementptr inbounds double, ptr %buf, i64 %i
  store double %v, ptr %dst, align 8
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

@ompi_mpi_double = external global i8
@ompi_mpi_comm_world = external global i8
declare i32 @MPI_Send(ptr, i32, ptr, i32, i32, ptr)

; CHECK: remark: <unknown>:0:0: MPI_Send (send) of 'row', double elements: contiguous block of 8*len bytes; messages 1, bytes per message 8*len, bytes 8*len
define void @send(ptr %row, i32 %len, i32 %to) {
  %r = call i32 @MPI_Send(ptr %row, i32 %len, ptr @ompi_mpi_double, i32 %to, i32 0, ptr @ompi_mpi_comm_world)
  ret void
}
