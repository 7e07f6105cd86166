// At -O0 nothing but the plugin deletes what commcost/variants.h defined
// for choices now made: with only constant sizes, commcost_packet_bytes,
// its helper and the profile table are gone; a run-time size keeps them.
// Without -Rpass (no value names) a run-time size compiles too.
// RUN: %clang -fplugin=%plugin -O0 -I%srcroot/runtime/include -S -emit-llvm -o - %s | FileCheck %s --check-prefix=STATIC
// RUN: %clang -fplugin=%plugin -O0 -DRUNTIME -I%srcroot/runtime/include -S -emit-llvm -o - %s | FileCheck %s --check-prefix=RUNTIME
// RUN: %clang -fplugin=%plugin -O0 -DRUNTIME -I%srcroot/runtime/include -Rpass=commcost -c -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=REMARK
#include <commcost/variants.h>

// STATIC-NOT: commcost_packet_profile_
// STATIC-LABEL: define {{.*}} @packet_fixed(
// STATIC: ret i64 80660
// STATIC-NOT: commcost_packet
long long packet_fixed(void) { return commcost_packet_bytes(1 << 20); }

#ifdef RUNTIME
// RUNTIME: @commcost_packet_profile_ = internal constant
// RUNTIME-DAG: call i64 @commcost_packet_bytes(
// RUNTIME-DAG: define internal i64 @commcost_packet_bytes(
// RUNTIME-DAG: define internal i64 @commcost_packet_bytes_in(
// REMARK: remark: commcost_packet_bytes(t): packet size chosen at run time
long long packet_n(long long t) { return commcost_packet_bytes(t); }
#endif
