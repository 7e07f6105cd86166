/* Pack and unpack of a halo column through a contiguous buffer: the copy
 * loops the plugin prices (strided reads or writes on the grid side,
 * contiguous on the buffer side).
 *
 *   clang-19 -O2 -fplugin=build/lib/CommCost.so -Rpass-analysis=commcost \
 *     -c examples/pack_unpack.c
 *
 * The column remarks compare a strided side (up to one line per element)
 * with a contiguous one (a line per 8 elements).
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

/* A TILE x TILE sub-block starting at (r0, c0) of a grid NX doubles wide
 * into a contiguous tile: each tile row is 128 contiguous bytes, so at most
 * one more line per row than the bytes need. */
#define NX 1000
#define TILE 16
void pack_block(double *restrict tile, const double *restrict grid, int r0,
                int c0) {
  for (int i = 0; i < TILE; i++)
    for (int j = 0; j < TILE; j++)
      tile[i * TILE + j] = grid[(r0 + i) * NX + c0 + j];
}
