// A halo packed by a running counter over a symbolic range (PRK's stencil:
// kk++ over i = istart..iend): the counter's stride per row is the row's
// trip count, max(istart, iend + 1) - istart, whose sign alone is unknown;
// it continues the row, so the rows form one contiguous block, empty when
// the row is. max(jend - 1, jend + 1) - jend + 1 reads 2.
// One value stored four times (miniAMR's unpack to a finer face) is read
// once, by the innermost assignment; the other three stores read nothing.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O1 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O3 %remarks %s 2>&1 | FileCheck %s
void pack_top(double *out, const double *in, int width, int istart, int iend,
              int jend) {
  int kk = 0;
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'out <- in', double elements: read 2 rows of 8*(max(istart, iend + 1) - istart) bytes, row pitch 8*width bytes, write contiguous block of 16*(max(istart, iend + 1) - istart) bytes;{{.*}} reads 2*(max(istart, iend + 1) - istart), writes 2*(max(istart, iend + 1) - istart),
  for (int j = jend - 1; j <= jend; j++)
    for (int i = istart; i <= iend; i++)
      out[kk++] = in[i + j * width];
}

void unpack_quarter(double (*face)[66], const double *buf, int ny, int nz) {
  int n = 0;
  // CHECK: [[@LINE+4]]:3: remark: loop (copy-loop) of 'face <- buf', double elements: read contiguous block of 8*(max(1, ny)/2)*(max(1, nz)/2) bytes, write max(1, ny)/2 planes of max(1, nz)/2 rows of 8 bytes, row pitch 16 bytes, plane pitch 1056 bytes;{{.*}} read lines ceildiv(8*(max(1, ny)/2)*(max(1, nz)/2), 64) to {{.*}}; reads max(1, ny)/2*(max(1, nz)/2), writes max(1, ny)/2*(max(1, nz)/2),
  // CHECK: [[@LINE+3]]:3: remark: loop (copy-loop) of 'face <- buf', double elements: read nothing (the store at line 32 reads the value it stores), write max(1, ny)/2 planes{{.*}} read lines 0, write lines {{.*}}; reads 0, writes max(1, ny)/2*(max(1, nz)/2),
  // CHECK: [[@LINE+2]]:3: remark: loop (copy-loop) of 'face <- buf', double elements: read nothing (the store at line 32 reads the value it stores),{{.*}} reads 0,
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'face <- buf', double elements: read nothing (the store at line 32 reads the value it stores),{{.*}} reads 0,
  for (int j = 1; j < ny; j += 2)
    for (int k = 1; k < nz; k += 2, n++)
      face[j][k] =
      face[j][k + 1] =
      face[j + 1][k] =
      face[j + 1][k + 1] = buf[n];
}
