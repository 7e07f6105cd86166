// Packing a column of a row-major matrix (linearised subscript) into a
// contiguous buffer: strided reads, contiguous writes.
// RUN: %commcost -O0 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -Rpass-analysis=commcost %s 2>&1 | FileCheck %s
void pack_column(double *restrict buf, const double *restrict a, int n, int m,
                 int col) {
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'buf <- a', double elements: read n rows of 8 bytes, row pitch 8*m bytes, write contiguous block of 8*n bytes; {{.*}}reads n, writes n, total M 2*n;
  for (int i = 0; i < n; i++)
    buf[i] = a[i * m + col];
}
