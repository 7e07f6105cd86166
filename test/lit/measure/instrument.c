// -fplugin-arg-commcost-measure brackets each analysed site with the
// measure library's calls (docs/measure.md): a copy loop from its
// preheader to its exit, a call in a loop that does nothing else the same
// way, a call in a loop with other work summed over the loop its record
// counts, a call alone around itself; the predicted cost is computed from
// the parameters before the clock starts, -1 when it reads another value;
// so is the cost from warm caches, where the profile has a warm model
// (-1 where it has none).
// A site inlined into a caller is timed once. Without the option the code
// is not changed.
// RUN: %clang -O0 -g -fplugin=%plugin -fplugin-arg-commcost-measure %mpi_cflags -S -emit-llvm -o - %s | FileCheck %s --check-prefixes=CHECK,O0
// RUN: %clang -O2 -g -fplugin=%plugin -fplugin-arg-commcost-measure %mpi_cflags -S -emit-llvm -o - %s | FileCheck %s --check-prefixes=CHECK,O2
// RUN: %clang -O2 -g -fplugin=%plugin -fplugin-arg-commcost-measure -fplugin-arg-commcost-profile=%S/../Inputs/warm-cold-profile.json %mpi_cflags -S -emit-llvm -o - %s | FileCheck %s --check-prefix=WARM
// RUN: %clang -O2 -g -fplugin=%plugin %mpi_cflags -S -emit-llvm -o - %s | FileCheck %s --check-prefix=PLAIN
// RUN: not %clang -fplugin=%plugin -fplugin-arg-commcost-mesure -c -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=BADARG
// PLAIN-NOT: commcost_measure
// PLAIN-NOT: commcost.measure
// BADARG: error: commcost: unknown plugin argument 'mesure' (expected -fplugin-arg-commcost-profile=FILE or -fplugin-arg-commcost-measure)
#include <mpi.h>
#include <string.h>

// The descriptors, in the order of the sites: file, function, kind, callee,
// line, column.
// CHECK-DAG: @[[PACK:commcost.measure.site[.0-9]*]] = internal global {{.*}} { ptr @[[F1:[^,]*]], ptr @[[PACKN:[^,]*]], ptr @[[LOOPK:[^,]*]], ptr @[[LOOPC:[^,]*]], i32 [[@LINE+15]], i32 3, ptr null }
// CHECK-DAG: @[[ROWS:commcost.measure.site[.0-9]*]] = internal global {{.*}} { ptr @{{[^,]*}}, ptr @[[ROWSN:[^,]*]], ptr @[[COPYK:[^,]*]], ptr @{{[^,]*}}, i32 [[@LINE+25]], i32 5, ptr null }
// CHECK-DAG: @[[NOTED:commcost.measure.site[.0-9]*]] = internal global {{.*}} { ptr @{{[^,]*}}, ptr @[[NOTEDN:[^,]*]], ptr @{{[^,]*}}, ptr @{{[^,]*}}, i32 [[@LINE+41]], i32 5, ptr null }
// CHECK-DAG: @[[SEND:commcost.measure.site[.0-9]*]] = internal global {{.*}} { ptr @{{[^,]*}}, ptr @[[SENDN:[^,]*]], ptr @[[SENDK:[^,]*]], ptr @[[SENDC:[^,]*]], i32 [[@LINE+63]], i32 3, ptr null }
// CHECK-DAG: @[[GLOBAL:commcost.measure.site[.0-9]*]] = internal global {{.*}} i32 [[@LINE+74]], i32 3, ptr null }
// CHECK-DAG: @[[F1]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}instrument.c\00"
// CHECK-DAG: @[[NOTEDN]] = private unnamed_addr constant [16 x i8] c"copy_rows_noted\00"
// CHECK-DAG: @[[PACKN]] = private unnamed_addr constant [9 x i8] c"pack_col\00"
// CHECK-DAG: @[[LOOPK]] = private unnamed_addr constant [10 x i8] c"copy-loop\00"
// CHECK-DAG: @[[LOOPC]] = private unnamed_addr constant [5 x i8] c"loop\00"
// CHECK-DAG: @[[COPYK]] = private unnamed_addr constant [5 x i8] c"copy\00"
// CHECK-DAG: @[[SENDK]] = private unnamed_addr constant [5 x i8] c"send\00"
// CHECK-DAG: @[[SENDC]] = private unnamed_addr constant [9 x i8] c"MPI_Send\00"
void pack_col(double *restrict buf, const double *restrict a, int n, int m,
              int col) {
  for (int i = 0; i < n; i++)
    buf[i] = a[i * m + col];
}
// CHECK-LABEL: define{{.*}} void @pack_col(
// CHECK: [[T0:%[0-9]+]] = {{(tail )?}}call i64 @__commcost_measure_now()
// CHECK: call void @__commcost_measure_record(ptr {{(nonnull )?}}@[[PACK]], i64 [[T0]], i64 %{{[0-9]+}}, i64 {{-1|%[0-9]+}})
// WARM-LABEL: define{{.*}} void @pack_col(
// WARM: call void @__commcost_measure_record(ptr nonnull @{{[^,]*}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}})

void copy_rows(char *restrict d, const char *restrict s, int r, long w) {
  for (int i = 0; i < r; i++)
    memcpy(d + i * w, s + i * 4096, w);
}
// The loop does nothing but the calls: it is timed as one piece, the
// prediction computed before the clock starts (an empty asm holds it there).
// CHECK-LABEL: define{{.*}} void @copy_rows(
// CHECK: call void asm sideeffect "", "r,r"(i64 [[RP:%[0-9]+]], i64 {{-1|%[0-9]+}})
// CHECK-NEXT: [[R0:%[0-9]+]] = {{(tail )?}}call i64 @__commcost_measure_now()
// CHECK-NOT: __commcost_measure_now
// CHECK: call void @llvm.memcpy.{{.*}}, !commcost.measured
// CHECK-NOT: __commcost_measure_now
// CHECK: call void @__commcost_measure_record(ptr {{(nonnull )?}}@[[ROWS]], i64 [[R0]], i64 [[RP]],
// CHECK-NOT: __commcost_measure_record_sum
// CHECK: ret void

void note_row(int i);
void copy_rows_noted(char *restrict d, const char *restrict s, int r, long w) {
  for (int i = 0; i < r; i++) {
    memcpy(d + i * w, s + i * 4096, w);
    note_row(i);
  }
}
// With other work in the loop, each call is timed and the times summed;
// the executions are counted beside them: the library takes a clock
// overhead off each.
// CHECK-LABEL: define{{.*}} void @copy_rows_noted(
// O0: store i64 0, ptr [[SUM:%[0-9]+]]
// O0-NEXT: store i64 0, ptr [[SPANS:%[0-9]+]]
// O2: call void @__commcost_measure_record_sum(ptr nonnull @[[NOTED]], i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 {{-1|%[0-9]+}})
// CHECK: [[S0:%[0-9]+]] = {{(tail )?}}call i64 @__commcost_measure_now()
// CHECK-NEXT: call void @llvm.memcpy.{{.*}}, !commcost.measured
// CHECK-NEXT: [[S1:%[0-9]+]] = {{(tail )?}}call i64 @__commcost_measure_now()
// CHECK-NEXT: sub i64 [[S1]], [[S0]]
// O0: [[N:%[0-9]+]] = load i64, ptr [[SPANS]]
// O0-NEXT: [[N1:%[0-9]+]] = add i64 [[N]], 1
// O0-NEXT: store i64 [[N1]], ptr [[SPANS]]
// O0: [[T:%[0-9]+]] = load i64, ptr [[SUM]]
// O0-NEXT: [[K:%[0-9]+]] = load i64, ptr [[SPANS]]
// O0-NEXT: call void @__commcost_measure_record_sum(ptr @[[NOTED]], i64 [[T]], i64 [[K]], i64 %{{[0-9]+}}, i64 {{-1|%[0-9]+}})

static inline void send_row(double *a, int n) {
  MPI_Send(a, n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
}
void caller(double *a, int n) { send_row(a, n); }
// CHECK-LABEL: define{{.*}} void @caller(
// O2: [[C0:%[0-9]+]] = tail call i64 @__commcost_measure_now()
// O2-NEXT: call i32 @MPI_Send(
// O2-NEXT: call void @__commcost_measure_record(ptr nonnull @[[SEND]], i64 [[C0]],
// O2-NOT: __commcost_measure_now
// CHECK: ret void

int global_n;
void from_global(double *a) {
  MPI_Send(a, global_n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
}
// CHECK-LABEL: define{{.*}} void @from_global(
// CHECK: call void @__commcost_measure_record(ptr {{(nonnull )?}}@[[GLOBAL]], i64 %{{[0-9]+}}, i64 -1, i64 -1)
// WARM-LABEL: define{{.*}} void @from_global(
// WARM: call void @__commcost_measure_record(ptr nonnull @{{[^,]*}}, i64 %{{[0-9]+}}, i64 -1, i64 -1)

// CHECK: declare i64 @__commcost_measure_now() {{.*}}#[[NOW:[0-9]+]]
// CHECK: attributes #[[NOW]] = { {{.*}}memory(inaccessiblemem: readwrite){{.*}} }
