// An unreadable or malformed profile is a compile error naming the file.
// RUN: not %clang -O2 -fplugin=%plugin -fplugin-arg-commcost-profile=%t.missing.json -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo '{"schema": "commcost-profile/1", "machine": 3}' > %t.bad.json
// RUN: not %clang -O2 -fplugin=%plugin -fplugin-arg-commcost-profile=%t.bad.json -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %clang -O2 -fplugin=%plugin -fplugin-arg-commcost-bogus=1 -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARG
// MISSING: error: commcost: cannot use profile: {{.*}}missing.json
// BAD: error: commcost: cannot use profile: {{.*}}bad.json: machine
// ARG: error: commcost: unknown plugin argument 'bogus=1'
void f(void) {}
