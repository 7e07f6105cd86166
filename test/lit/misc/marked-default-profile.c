// Only the profile compiled into the plugin is the "embedded default
// profile"; a file marked "default": true (here the test profile, so
// marked) is named by its path and said to be no measurement (issue 8).
// RUN: env -u COMMCOST_PROFILE %clang -O2 -fplugin=%plugin -Rpass-analysis=commcost -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMBEDDED
// RUN: sed 's/"default": false/"default": true/' %srcroot/test/profiles/fixed.json > %t.json
// RUN: %clang -O2 -fplugin=%plugin -fplugin-arg-commcost-profile=%t.json -Rpass-analysis=commcost -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FILE
#include <string.h>
double a[512][512], row[512];
// EMBEDDED: remark: memcpy (copy) {{.*}}(model {{.*}}, embedded default profile)
// FILE: remark: memcpy (copy) {{.*}}(model M1-reuse, profile {{.*}}.json (marked default: not a measurement))
// FILE-NOT: embedded default profile
void copy_row(int i) { memcpy(row, a[i], sizeof row); }
