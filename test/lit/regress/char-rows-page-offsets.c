// Rows of a char array read a page or more apart, the row count symbolic:
// the start is known modulo 1 byte, so its offset within a page takes 4096
// values, and the rows' offsets repeat after 4096 rows. Comparing the page
// counts of every offset over a period of rows took minutes and 8 GiB per
// translation unit (differential seed 1929068211, program 31, timed the
// test out); now the pages are bounded by the gcd form and the
// compilation takes a fraction of a second. With the embedded profile,
// whose page and cache features ask for those counts, the site is analysed
// within 20 s of CPU time (prlimit kills the compiler beyond; CPU time,
// not wall time, so that a loaded machine does not fail it).
// RUN: env -u COMMCOST_PROFILE prlimit --cpu=20 %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: env -u COMMCOST_PROFILE prlimit --cpu=20 %commcost -O2 %remarks %s 2>&1 | FileCheck %s
char g5_s[253][199][69];
// CHECK: char-rows-page-offsets.c:[[@LINE+3]]:3: remark: loop (copy-loop) of 'd <- g5_s', i8 elements: read (n2 + 1)/2 planes of {{.*}} rows of 1 bytes, row pitch 41193 bytes, plane pitch 54512 bytes
// CHECK-SAME: read lines {{.*}} to {{.*}}; reads
void site_5(int lo0, int hi1, int n2, char **d) {
  for (int i = hi1; i >= lo0; i--)
    for (int j = 0; j < n2; j += 2)
      d[i + 3][j] = g5_s[3 * i - 2 * j + 132][3 * j][-j + n2];
}
// CHECK: remark: function 'site_5': predicted communication cost {{.*}} ps (1 sites analysed, 0 not)
