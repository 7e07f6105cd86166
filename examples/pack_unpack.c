/* Pack and unpack of a halo column through a contiguous buffer: the copy
 * loops the plugin prices (strided reads or writes on the grid side,
 * contiguous on the buffer side).
 *
 *   clang-19 -O2 -fplugin=build/lib/CommCost.so -Rpass-analysis=commcost \
 *     -c examples/pack_unpack.c
 */

/* Column col of an n x m row-major grid into buf. */
void pack_column(double *restrict buf, const double *restrict grid, int n,
                 int m, int col) {
  for (int i = 0; i < n; i++)
    buf[i] = grid[i * m + col];
}

/* buf back into column col. */
void unpack_column(double *restrict grid, const double *restrict buf, int n,
                   int m, int col) {
  for (int i = 0; i < n; i++)
    grid[i * m + col] = buf[i];
}

/* A b x b sub-block starting at (r0, c0) into a contiguous tile. */
void pack_block(double *restrict tile, const double *restrict grid, int m,
                int r0, int c0, int b) {
  for (int i = 0; i < b; i++)
    for (int j = 0; j < b; j++)
      tile[i * b + j] = grid[(r0 + i) * m + c0 + j];
}
