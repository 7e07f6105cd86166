// Sizes read from fields and elements are named as the source writes them
// (the grammar's names include access paths), without -g: PRK's width[0],
// miniAMR's mesh_size[dir], sorted_index[num_refine + 1] (a subscript is
// arithmetic on names, kept as written) and pc->num_cases. An element a loop's counter
// selects is no one value: missed as varying, not as unnamed. Two paths
// read at one position (a macro's expansion) name neither.
// RUN: %commcost -O0 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O1 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O3 %remarks %s 2>&1 | FileCheck %s
// RUN: %commcost -O2 -fsave-optimization-record -foptimization-record-file=%t.yaml %s
// RUN: %python %S/../Inputs/eval_record.py %t.yaml 27 Bytes "width[0]=5" | FileCheck --check-prefix=EVAL %s
// RUN: %python %S/../Inputs/eval_record.py %t.yaml 32 Bytes "sorted_index[num_refine + 1]=7" | FileCheck --check-prefix=EVAL2 %s
#include <mpi.h>
struct Par {
  int num_cases;
  int comm_num[8];
};
extern int *width;
extern int mesh_size[3];
extern int *sorted_index, num_refine;
#define BOTH(p) ((p)->num_cases + (p)->comm_num[0])
void sizes(double *buf, struct Par *pc, struct Par par, int dir, double *dst,
           const double *src) {
  // CHECK: [[@LINE+2]]:3: remark: MPI_Send (send) of 'buf', double elements: contiguous block of 16*width[0] bytes; messages 1,
  // EVAL: 80
  MPI_Send(buf, 2 * width[0], MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: MPI_Send (send) of 'buf', int elements: contiguous block of 4*mesh_size[dir] bytes; messages 1,
  MPI_Send(buf, mesh_size[dir], MPI_INT, 1, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE+2]]:3: remark: MPI_Send (send) of 'buf', int elements: contiguous block of 4*sorted_index[num_refine + 1] bytes; messages 1,
  // EVAL2: 28
  MPI_Send(buf, sorted_index[num_refine + 1], MPI_INT, 1, 0, MPI_COMM_WORLD);
  for (int i = 0; i < par.num_cases; i++)
    // CHECK-DAG: [[@LINE+1]]:5: remark: MPI_Send (send) of 'buf', int elements: contiguous block of 4*par.comm_num[i] bytes; per iteration of the loop at line [[@LINE-1]], in which its size changes; messages 1,
    MPI_Send(buf, par.comm_num[i], MPI_INT, 1, 0, MPI_COMM_WORLD);
  // Copy loops are reported after the calls (in block order).
  // CHECK-DAG: [[@LINE+1]]:3: remark: MPI_Send not analysed: a size depends on a value loaded from memory
  MPI_Send(buf, BOTH(pc), MPI_INT, 1, 0, MPI_COMM_WORLD);
  // CHECK: [[@LINE+1]]:3: remark: loop (copy-loop) of 'dst <- src', double elements: read pc->num_cases rows of 8 bytes, row pitch 24 bytes, write contiguous block of 8*pc->num_cases bytes;
  for (int j = 0; j < pc->num_cases; j++)
    dst[j] = src[3 * j];
}
