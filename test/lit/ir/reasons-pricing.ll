; Reasons that hand-written IR or a profile shows: a count that is not an
; integer, a size computed in too many steps, and the three reasons a site
; is analysed but not priced (no model for its kind, a model that needs a
; feature the site lacks, a model that cannot be evaluated on it).
; RUN: env COMMCOST_PROFILE=%S/Inputs/pricing-profile.json %print %s | FileCheck %s

@ompi_mpi_double = external global i8
@ompi_mpi_comm_world = external global i8
declare i32 @MPI_Send(ptr, ptr, ptr, i32, i32, ptr)
declare i32 @MPI_Put(ptr, i32, ptr, i32, i64, i32, ptr, ptr)
declare i32 @MPI_Get(ptr, i32, ptr, i32, i64, i32, ptr, ptr)

; CHECK-LABEL: commcost: function 'not_an_integer'
; CHECK-NEXT: missed ? MPI_Send: NotAnInteger: a size is not an integer
define void @not_an_integer(ptr %b, ptr %count) {
  call i32 @MPI_Send(ptr %b, ptr %count, ptr @ompi_mpi_double, i32 0, i32 0, ptr @ompi_mpi_comm_world)
  ret void
}

; CHECK-LABEL: commcost: function 'too_many_steps'
; CHECK-NEXT: missed ? MPI_Send: TooManySteps: a value is computed in too many steps
define void @too_many_steps(ptr %b, i32 %n) {
  %v1 = sdiv i32 %n, 3
  %v2 = sdiv i32 %v1, 3
  %v3 = sdiv i32 %v2, 3
  %v4 = sdiv i32 %v3, 3
  %v5 = sdiv i32 %v4, 3
  %v6 = sdiv i32 %v5, 3
  %v7 = sdiv i32 %v6, 3
  %v8 = sdiv i32 %v7, 3
  %v9 = sdiv i32 %v8, 3
  %v10 = sdiv i32 %v9, 3
  %v11 = sdiv i32 %v10, 3
  %v12 = sdiv i32 %v11, 3
  %v13 = sdiv i32 %v12, 3
  %v14 = sdiv i32 %v13, 3
  %v15 = sdiv i32 %v14, 3
  %v16 = sdiv i32 %v15, 3
  %v17 = sdiv i32 %v16, 3
  %v18 = sdiv i32 %v17, 3
  %v19 = sdiv i32 %v18, 3
  %v20 = sdiv i32 %v19, 3
  %v21 = sdiv i32 %v20, 3
  %v22 = sdiv i32 %v21, 3
  %v23 = sdiv i32 %v22, 3
  %v24 = sdiv i32 %v23, 3
  %v25 = sdiv i32 %v24, 3
  %v26 = sdiv i32 %v25, 3
  %v27 = sdiv i32 %v26, 3
  %v28 = sdiv i32 %v27, 3
  %v29 = sdiv i32 %v28, 3
  %v30 = sdiv i32 %v29, 3
  %v31 = sdiv i32 %v30, 3
  %v32 = sdiv i32 %v31, 3
  %v33 = sdiv i32 %v32, 3
  %v34 = sdiv i32 %v33, 3
  %v35 = sdiv i32 %v34, 3
  %v36 = sdiv i32 %v35, 3
  %v37 = sdiv i32 %v36, 3
  %v38 = sdiv i32 %v37, 3
  %v39 = sdiv i32 %v38, 3
  %v40 = sdiv i32 %v39, 3
  %v41 = sdiv i32 %v40, 3
  %v42 = sdiv i32 %v41, 3
  %v43 = sdiv i32 %v42, 3
  %v44 = sdiv i32 %v43, 3
  %v45 = sdiv i32 %v44, 3
  %v46 = sdiv i32 %v45, 3
  %v47 = sdiv i32 %v46, 3
  %v48 = sdiv i32 %v47, 3
  %v49 = sdiv i32 %v48, 3
  %v50 = sdiv i32 %v49, 3
  %v51 = sdiv i32 %v50, 3
  %v52 = sdiv i32 %v51, 3
  %v53 = sdiv i32 %v52, 3
  %v54 = sdiv i32 %v53, 3
  %v55 = sdiv i32 %v54, 3
  %v56 = sdiv i32 %v55, 3
  %v57 = sdiv i32 %v56, 3
  %v58 = sdiv i32 %v57, 3
  %v59 = sdiv i32 %v58, 3
  %v60 = sdiv i32 %v59, 3
  %v61 = sdiv i32 %v60, 3
  %v62 = sdiv i32 %v61, 3
  %v63 = sdiv i32 %v62, 3
  %v64 = sdiv i32 %v63, 3
  %v65 = sdiv i32 %v64, 3
  %v66 = sdiv i32 %v65, 3
  %v67 = sdiv i32 %v66, 3
  %v68 = sdiv i32 %v67, 3
  %v69 = sdiv i32 %v68, 3
  %v70 = sdiv i32 %v69, 3
  call i32 @MPI_Send(ptr %b, i32 %v70, ptr @ompi_mpi_double, i32 0, i32 0, ptr @ompi_mpi_comm_world)
  ret void
}

; CHECK-LABEL: commcost: function 'no_model'
; CHECK-NEXT: site ? send MPI_Send of 'b': L_mem=3, L_pt=1, L_re1=0, L_re2=0, L_re3=0, L_rw1=0, L_rw2=0, L_rw3=0, L_sw=0, L_sww=0, L_wm1=0, L_wm2=0, L_wm3=0, bpm=128, m=128, n=1, {{.*}}; lines 2..3; not priced: NoModel: {{.*}}pricing-profile.json: site_models.send: no model is assigned to sites of kind 'send'
define void @no_model(ptr %b) {
  call i32 @MPI_Send(ptr %b, i32 16, ptr @ompi_mpi_double, i32 0, i32 0, ptr @ompi_mpi_comm_world)
  ret void
}

; CHECK-LABEL: commcost: function 'missing_feature'
; CHECK-NEXT: site ? put MPI_Put of 'b':{{.*}} [Fischer]; not priced: MissingFeature: model Fischer of profile {{.*}}pricing-profile.json needs feature 'k', which the plugin cannot supply here: this site does not have it
define void @missing_feature(ptr %b, ptr %win) {
  call i32 @MPI_Put(ptr %b, i32 16, ptr @ompi_mpi_double, i32 1, i64 0, i32 16, ptr @ompi_mpi_double, ptr %win)
  ret void
}

; CHECK-LABEL: commcost: function 'cost_not_evaluable'
; CHECK-NEXT: site ? get MPI_Get of 'b':{{.*}} [Ratio]; not priced: CostNotEvaluable: model Ratio cannot be evaluated: {{.*}}
define void @cost_not_evaluable(ptr %b, ptr %win) {
  call i32 @MPI_Get(ptr %b, i32 16, ptr @ompi_mpi_double, i32 1, i64 0, i32 16, ptr @ompi_mpi_double, ptr %win)
  ret void
}
