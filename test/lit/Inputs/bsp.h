/* The BSPlib C interface (Hill et al. 1998) as the lit tests need it: no
   BSPlib implementation is installed, and the plugin only reads calls. */
#ifndef COMMCOST_TEST_BSP_H
#define COMMCOST_TEST_BSP_H
void bsp_put(int pid, const void *src, void *dst, long offset, int nbytes);
void bsp_hpput(int pid, const void *src, void *dst, long offset, int nbytes);
void bsp_get(int pid, const void *src, long offset, void *dst, int nbytes);
void bsp_hpget(int pid, const void *src, long offset, void *dst, int nbytes);
void bsp_send(int pid, const void *tag, const void *payload, int nbytes);
void bsp_sync(void);
#endif
