// A blocking receive is probed for its message before its clock starts:
// the receive's time is its transfer, what the site prices, and the wait
// for the sender goes to __commcost_measure_wait after the record. The
// probe takes the receive's source, tag, communicator and status. In a
// loop, the receive is timed call by call (never the nest as one piece),
// and the waits are summed with it. A send is not probed.
// RUN: %clang -O2 -g -fplugin=%plugin -fplugin-arg-commcost-measure %mpi_cflags -S -emit-llvm -o - %s | FileCheck %s --check-prefixes=CHECK,O2
// RUN: %clang -O0 -g -fplugin=%plugin -fplugin-arg-commcost-measure %mpi_cflags -S -emit-llvm -o - %s | FileCheck %s --check-prefixes=CHECK,O0
// RUN: %clang -O2 -g -fplugin=%plugin %mpi_cflags -S -emit-llvm -o - %s | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: MPI_Probe
#include <mpi.h>

void recv_one(double *buf, int n, int from, MPI_Status *st) {
  MPI_Recv(buf, n, MPI_DOUBLE, from, 7, MPI_COMM_WORLD, st);
}
// CHECK-LABEL: define{{.*}} void @recv_one(
// O2: [[ASKED:%[0-9]+]] = tail call i64 @__commcost_measure_now()
// O2-NEXT: call i32 @MPI_Probe(i32 [[FROM:%[0-9]+]], i32 7, ptr nonnull @ompi_mpi_comm_world, ptr [[ST:%[0-9]+]])
// O2-NEXT: [[GOT:%[0-9]+]] = tail call i64 @__commcost_measure_now()
// O2-NEXT: [[WAITED:%[0-9]+]] = sub i64 [[GOT]], [[ASKED]]
// O2: [[START:%[0-9]+]] = tail call i64 @__commcost_measure_now()
// O2-NEXT: call i32 @MPI_Recv({{.*}}, i32 noundef [[FROM]], i32 noundef 7, ptr noundef nonnull @ompi_mpi_comm_world, ptr noundef [[ST]])
// O2-NEXT: call void @__commcost_measure_record(ptr nonnull @[[SITE:[^,]*]], i64 [[START]],
// O2-NEXT: call void @__commcost_measure_wait(ptr nonnull @[[SITE]], i64 [[WAITED]], i64 1)
// O0: call i32 @MPI_Probe(
// O0: call i32 @MPI_Recv(
// O0: call void @__commcost_measure_record(
// O0: call void @__commcost_measure_wait(
// CHECK: ret void

void recv_packets(char *buf, long each, int packets, int from) {
  for (int p = 0; p < packets; p++)
    MPI_Recv(buf + p * each, (int)each, MPI_BYTE, from, 0, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
}
// CHECK-LABEL: define{{.*}} void @recv_packets(
// CHECK-NOT: call void @__commcost_measure_record(
// O2: call void @__commcost_measure_record_sum(ptr nonnull @[[SUMSITE:[^,]*]],
// O2-NEXT: call void @__commcost_measure_wait(ptr nonnull @[[SUMSITE]],
// CHECK: call i32 @MPI_Probe(
// CHECK: call i64 @__commcost_measure_now()
// CHECK: call i64 @__commcost_measure_now()
// CHECK-NEXT: call i32 @MPI_Recv(
// CHECK-NEXT: call i64 @__commcost_measure_now()
// O0: call void @__commcost_measure_record_sum(ptr @[[SUMSITE:[^,]*]],
// O0: call void @__commcost_measure_wait(ptr @[[SUMSITE]],

void send_one(double *buf, int n, int to) {
  MPI_Send(buf, n, MPI_DOUBLE, to, 7, MPI_COMM_WORLD);
}
// CHECK-LABEL: define{{.*}} void @send_one(
// CHECK-NOT: MPI_Probe
// CHECK-NOT: __commcost_measure_wait
// CHECK: ret void

// CHECK: declare void @__commcost_measure_wait(ptr, i64, i64) {{.*}}#[[REC:[0-9]+]]
// CHECK: attributes #[[REC]] = { {{.*}}memory(argmem: readwrite, inaccessiblemem: readwrite){{.*}} }
