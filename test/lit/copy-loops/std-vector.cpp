// C++: copy loops over std::vector data, analysed above -O0 once the
// accessors are inlined (at -O0 they are calls); the data pointers loaded
// in the loop are hoisted in the analysis's copy, as type-based alias
// information says the stores of doubles do not change them. And through
// data pointers.
// RUN: %commcostxx -O0 %remarks %s 2>&1 | FileCheck %s --check-prefix=O0
// RUN: %commcostxx -O2 %remarks %s 2>&1 | FileCheck %s
#include <algorithm>
#include <cstddef>
#include <vector>
void pack_column(std::vector<double> &buf, const std::vector<double> &a,
                 int n, int ld, int j) {
  // CHECK: [[@LINE+2]]:3: remark: loop (copy-loop) of 'buf <- a', double elements: read n rows of 8 bytes, row pitch 8*ld bytes, write contiguous block of 8*n bytes; messages 1,
  // O0: [[@LINE+1]]:3: remark: copy loop not analysed: the address is not an affine function of the counter of the loop at line [[@LINE+1]]: it is computed by a call to std::vector<double, std::allocator<double>>::operator[](unsigned long) const in the loop (accessors are inlined only above -O0)
  for (int i = 0; i < n; i++)
    buf[i] = a[i * ld + j];
}
void pack_column_ptr(std::vector<double> &buf, const std::vector<double> &a,
                     int n, int ld, int j) {
  double *__restrict out = buf.data();
  const double *__restrict in = a.data();
  // CHECK: [[@LINE+2]]:3: remark: loop (copy-loop) of 'buf <- a', double elements: read n rows of 8 bytes, row pitch 8*ld bytes, write contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; read lines min(1, n)*min(n, ceildiv(8*ld*(n - 1) + 8, 64)) to min(1, n)*min(n, floordiv(8*ld*(n - 1) + 63, 64) + 1), write lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); reads n, writes n, total M 2*n; assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment);
  // O0: [[@LINE+1]]:3: remark: loop (copy-loop) of 'out <- in', double elements: read n rows of 8 bytes, row pitch 8*ld bytes, write contiguous block of 8*n bytes; messages 1, bytes per message 8*n, bytes 8*n; read lines min(1, n)*min(n, ceildiv(8*ld*(n - 1) + 8, 64)) to min(1, n)*min(n, floordiv(8*ld*(n - 1) + 63, 64) + 1), write lines ceildiv(8*n, 64) to min(1, n) + floordiv(8*n + 55, 64); reads n, writes n, total M 2*n; assumed alignment: read aligned to 8 bytes (element alignment), write aligned to 8 bytes (element alignment);
  for (int i = 0; i < n; i++)
    out[i] = in[i * ld + j];
}
