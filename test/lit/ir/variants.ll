; The choices of commcost/variants.h on IR as clang emits it with the
; plugin (the header's annotations in llvm.global.annotations; opt's
; commcost-variants marks and chooses at once): a static choice and its
; record, and the two reasons a choice is not made.
; RUN: %opt -load-pass-plugin=%plugin -passes=commcost-variants -pass-remarks-output=%t.yaml -disable-output %s
; RUN: sed -e 's/^Name: *\(.*\)/Name: \1: /' %t.yaml | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=commcost-variants -S %s | FileCheck %s --check-prefix=IR

@ompi_mpi_double = external global i8
@ompi_mpi_comm_world = external global i8
declare i32 @MPI_Send(ptr, i32, ptr, i32, i32, ptr)

define internal void @send_block(ptr %v, i32 %n, i32 %to) {
  %r = call i32 @MPI_Send(ptr %v, i32 %n, ptr @ompi_mpi_double, i32 %to, i32 0, ptr @ompi_mpi_comm_world)
  ret void
}

define internal void @send_each(ptr %v, i32 %n, i32 %to) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds double, ptr %v, i32 %i
  %r = call i32 @MPI_Send(ptr %p, i32 1, ptr @ompi_mpi_double, i32 %to, i32 0, ptr @ompi_mpi_comm_world)
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define internal void @nothing(ptr %v, i32 %n, i32 %to) {
  ret void
}

define internal void @other_type(ptr %v) {
  %r = call i32 @MPI_Send(ptr %v, i32 8, ptr @ompi_mpi_double, i32 0, i32 0, ptr @ompi_mpi_comm_world)
  ret void
}

@chosen = internal global ptr @send_each
@unpriced = internal global ptr @send_block
@mistyped = internal global ptr @send_block
@.text = private constant [18 x i8] c"commcost.variants\00", section "llvm.metadata"
@.file = private constant [4 x i8] c"t.c\00", section "llvm.metadata"
@chosen_alternatives = internal constant [2 x ptr] [ptr @send_each, ptr @send_block]
@unpriced_alternatives = internal constant [2 x ptr] [ptr @send_block, ptr @nothing]
@mistyped_alternatives = internal constant [2 x ptr] [ptr @send_block, ptr @other_type]
@.args1 = private constant { ptr } { ptr @chosen_alternatives }, section "llvm.metadata"
@.args2 = private constant { ptr } { ptr @unpriced_alternatives }, section "llvm.metadata"
@.args3 = private constant { ptr } { ptr @mistyped_alternatives }, section "llvm.metadata"
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @chosen, ptr @.text, ptr @.file, i32 1, ptr @.args1 },
  { ptr, ptr, ptr, i32, ptr } { ptr @unpriced, ptr @.text, ptr @.file, i32 2, ptr @.args2 },
  { ptr, ptr, ptr, i32, ptr } { ptr @mistyped, ptr @.text, ptr @.file, i32 3, ptr @.args3 }], section "llvm.metadata"

define void @use(ptr %v, i32 %to) {
  %f1 = load ptr, ptr @chosen
  call void %f1(ptr %v, i32 1000, i32 %to)
  %f2 = load ptr, ptr @unpriced
  call void %f2(ptr %v, i32 10, i32 %to)
  %f3 = load ptr, ptr @mistyped
  call void %f3(ptr %v, i32 10, i32 %to)
  ret void
}

; CHECK: --- !Passed
; CHECK: Name: VariantChosen: {{$}}
; CHECK: Function: use
; CHECK: - Variant: chosen
; CHECK: - Chosen: send_block
; CHECK: - Alternatives: 'send_each; send_block'
; CHECK: - Costs: '{{[0-9.]+}}; {{[0-9.]+}}'
; CHECK: - CostsPs: '{{[0-9]+}}; {{[0-9]+}}'
; CHECK: - Choice: static
; CHECK: --- !Missed
; CHECK: Name: AlternativeNotPriced: {{$}}
; CHECK: - Variant: unpriced
; CHECK: - Fallback: calls send_block
; CHECK: - Reason: 'the predicted cost of nothing is not known: the analysis sees no communication in it'
; CHECK: --- !Missed
; CHECK: Name: ChoiceNotEvaluable: {{$}}
; CHECK: - Variant: mistyped
; CHECK: - Reason: other_type does not have the type of the call

; The markers are gone; the choices are direct calls.
; IR-NOT: llvm.global.annotations
; IR-NOT: _alternatives
; IR-LABEL: define void @use(
; IR-NEXT: call void @send_block(ptr %v, i32 1000, i32 %to)
; IR-NEXT: call void @send_block(ptr %v, i32 10, i32 %to)
; IR-NEXT: call void @send_block(ptr %v, i32 10, i32 %to)
; IR-NEXT: ret void
