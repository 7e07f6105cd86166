// An unreadable or malformed profile is a compile error naming the file.
// RUN: not %commcost -O2 -fplugin-arg-commcost-profile=%t.missing.json %s 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo '{"schema": "commcost-profile/1", "machine": 3}' > %t.bad.json
// RUN: not %commcost -O2 -fplugin-arg-commcost-profile=%t.bad.json %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %commcost -O2 -fplugin-arg-commcost-bogus=1 %s 2>&1 | FileCheck %s --check-prefix=ARG
// MISSING: error: commcost: cannot use profile: {{.*}}missing.json
// BAD: error: commcost: cannot use profile: {{.*}}bad.json: machine
// ARG: error: commcost: unknown plugin argument 'bogus=1'
void f(void) {}
