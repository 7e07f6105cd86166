// LULESH's halo pack reads each field through a pointer to a member
// accessor, (domain.*src)(i): which accessor runs is data, so the copy is
// missed with that reason at every level, not blamed on -O0.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
struct Domain {
  double *m_x, *m_y;
  double &x(int i) { return m_x[i]; }
  double &y(int i) { return m_y[i]; }
};
typedef double &(Domain::*Domain_member)(int);

void pack(Domain &domain, Domain_member *fieldData, int fields, int dx,
          double *dest) {
  // CHECK: [[@LINE+1]]:3: remark: copy loop not analysed: the address is not an affine function of the counter of the loop at line [[@LINE+3]]: it is computed by an indirect call in the loop (through a function pointer or pointer to member, whose target the analysis does not know)
  for (int fi = 0; fi < fields; ++fi) {
    Domain_member src = fieldData[fi];
    for (int i = 0; i < dx; ++i)
      dest[i] = (domain.*src)(i);
    dest += dx;
  }
}
