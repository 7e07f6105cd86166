/* Driver for miniAMR/ref/comm.c of the corpus (check_truth.py): defines
   miniAMR's globals (its headers with MA_MAIN, as main.c does), builds
   blocks as main.c does (bp->array[var][i][j] a row of z_block_size + 2
   doubles) at a chosen placement, and calls the corpus functions between
   truth_start() and truth_stop(). Commands on stdin, one per line:

     S x y z nvars layout off boff seed   blocks 0 and 1, buffer
     G code stencil                       miniAMR's globals of that name
     P block face_case dir start num_comm pack_face(buffer, ...)
     U block face_case dir start num_comm unpack_face(buffer, ...)
     O n n1 l start num_comm              on_proc_comm(n, n1, l, ...)
     B l block start num_comm             apply_bc(l, &blocks[block], ...)

   layout 0: rows one after another at malloc's pitch (16-byte aligned
   chunks with a 16-byte header); 1: rows packed at pitch (z + 2) * 8 from
   a line start + off; 2: rows in shuffled order, each at a random 8-byte
   offset in a slot of its own. The buffer starts boff bytes after a line
   start. Regions: 0 the buffer, 1 block 0's rows, 2 block 1's rows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

#define MA_MAIN
#include "block.h"
#include "comm.h"
#include "timer.h"
#include "proto.h"

#include "truth_rt.h"

double timer(void) { return 0.0; }

static double *arena[2], *buffer_arena, *buffer;
static size_t arena_bytes[2], buffer_bytes;
static unsigned long long rng_state;

static unsigned rnd(unsigned n) {
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned)((rng_state >> 33) % n);
}

static void free_blocks(void) {
  if (!blocks) return;
  for (int b = 0; b < 2; b++) {
    for (int m = 0; m < num_vars; m++) {
      for (int i = 0; i < x_block_size + 2; i++) free(blocks[b].array[m][i]);
      free(blocks[b].array[m]);
    }
    free(blocks[b].array);
    free(arena[b]);
  }
  free(blocks);
  free(buffer_arena);
  blocks = NULL;
}

static void setup(int x, int y, int z, int nvars, int layout, int off,
                  int boff, unsigned seed) {
  free_blocks();
  x_block_size = x;
  y_block_size = y;
  z_block_size = z;
  x_block_half = x / 2;
  y_block_half = y / 2;
  z_block_half = z / 2;
  num_vars = nvars;
  rng_state = seed;
  size_t rows = (size_t)nvars * (x + 2) * (y + 2);
  size_t row_bytes = (size_t)(z + 2) * sizeof(double);
  size_t pitch = layout == 0 ? (row_bytes + 8 + 15) / 16 * 16
               : layout == 1 ? row_bytes
                             : (row_bytes + 63) / 64 * 64 + 64;
  blocks = calloc(2, sizeof(block));
  for (int b = 0; b < 2; b++) {
    arena_bytes[b] = rows * pitch + 128;
    arena[b] = aligned_alloc(64, (arena_bytes[b] + 63) / 64 * 64);
    /* The slot of each row: in order, or shuffled (layout 2). */
    size_t *slot = malloc(rows * sizeof *slot);
    for (size_t r = 0; r < rows; r++) slot[r] = r;
    if (layout == 2)
      for (size_t r = rows - 1; r > 0; r--) {
        size_t s = rnd((unsigned)r + 1), t = slot[r];
        slot[r] = slot[s];
        slot[s] = t;
      }
    char *base = (char *)arena[b] + (layout == 0 ? 16 : layout == 1 ? off : 0);
    size_t r = 0;
    blocks[b].number = b;
    blocks[b].array = malloc(nvars * sizeof(double ***));
    for (int m = 0; m < nvars; m++) {
      blocks[b].array[m] = malloc((x + 2) * sizeof(double **));
      for (int i = 0; i < x + 2; i++) {
        blocks[b].array[m][i] = malloc((y + 2) * sizeof(double *));
        for (int j = 0; j < y + 2; j++, r++) {
          size_t at = slot[r] * pitch + (layout == 2 ? 8 * rnd(7) : 0);
          blocks[b].array[m][i][j] = (double *)(base + at);
        }
      }
    }
    free(slot);
  }
  buffer_bytes = rows * row_bytes + 64;
  buffer_arena = aligned_alloc(64, (buffer_bytes + boff + 63) / 64 * 64);
  buffer = (double *)((char *)buffer_arena + boff);
  truth_clear_regions();
  truth_region(0, buffer, buffer_bytes);
  truth_region(1, arena[0], arena_bytes[0]);
  truth_region(2, arena[1], arena_bytes[1]);
}

static void fill(void) {
  for (int b = 0; b < 2; b++)
    for (int m = 0; m < num_vars; m++)
      for (int i = 0; i < x_block_size + 2; i++)
        for (int j = 0; j < y_block_size + 2; j++)
          for (int k = 0; k < z_block_size + 2; k++)
            blocks[b].array[m][i][j][k] = b + m + i * 0.5 + j * 0.25 + k;
  for (size_t n = 0; n < buffer_bytes / sizeof(double) - 8; n++)
    buffer[n] = (double)n;
}

int main(void) {
  char line[256];
  while (fgets(line, sizeof line, stdin)) {
    int a[8] = {0};
    char c = line[0];
    int got = sscanf(line + 1, "%d %d %d %d %d %d %d %d", &a[0], &a[1], &a[2],
                     &a[3], &a[4], &a[5], &a[6], &a[7]);
    if (c == 'S' && got == 8) {
      setup(a[0], a[1], a[2], a[3], a[4], a[5], a[6], (unsigned)a[7]);
      continue;
    }
    if (c == 'G' && got == 2) {
      code = a[0];
      stencil = a[1];
      continue;
    }
    fill();
    printf("R %s", line);
    truth_start();
    if (c == 'P' && got == 5)
      pack_face(buffer, a[0], a[1], a[2], a[3], a[4]);
    else if (c == 'U' && got == 5)
      unpack_face(buffer, a[0], a[1], a[2], a[3], a[4]);
    else if (c == 'O' && got == 5)
      on_proc_comm(a[0], a[1], a[2], a[3], a[4]);
    else if (c == 'B' && got == 4)
      apply_bc(a[0], &blocks[a[1]], a[2], a[3]);
    else {
      fprintf(stderr, "driver: bad command %s", line);
      return 2;
    }
    truth_stop();
  }
  free_blocks();
  return 0;
}
