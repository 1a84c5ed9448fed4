/*
 * setSlice(nanoseconds): the calling thread's EEVDF slice (Linux 6.12 or later), its nice value and
 * policy kept. A thread that wakes with a shorter slice than the running one's takes the core at once
 * instead of waiting for that thread to finish its 1.4 ms default: the site's event loop uses it so
 * that a visitor's request is not held behind the process's own mail or GC threads (README, "The
 * event loop's slice"). 0 restores the default. Returns false where the kernel refuses, never throws:
 * the server runs as before without it. Node has no binding for sched_setattr, hence this addon.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <node_api.h>

/* The kernel's struct sched_attr (include/uapi/linux/sched/types.h), declared here because glibc
 * before 2.41 has no wrapper and older kernel headers may lack the file. */
struct slice_attr {
  uint32_t size;
  uint32_t sched_policy;
  uint64_t sched_flags;
  int32_t sched_nice;
  uint32_t sched_priority;
  uint64_t sched_runtime;
  uint64_t sched_deadline;
  uint64_t sched_period;
};

#define NORMAL_POLICY 0 /* SCHED_OTHER */
#define BATCH_POLICY 3 /* SCHED_BATCH */

static bool set_slice(uint64_t nanoseconds) {
#if defined(SYS_sched_getattr) && defined(SYS_sched_setattr)
  struct slice_attr attr;
  memset(&attr, 0, sizeof attr);
  if (syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0) != 0) return false;
  /* Only the fair classes have a slice: a thread already in the idle or a real-time class keeps it. */
  if (attr.sched_policy != NORMAL_POLICY && attr.sched_policy != BATCH_POLICY) return false;
  attr.size = sizeof attr;
  attr.sched_flags = 0;
  attr.sched_runtime = nanoseconds;
  return syscall(SYS_sched_setattr, 0, &attr, 0) == 0;
#else
  (void)nanoseconds;
  return false;
#endif
}

static napi_value set_slice_js(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_value result;
  int64_t nanoseconds = 0;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 ||
      napi_get_value_int64(env, argv[0], &nanoseconds) != napi_ok || nanoseconds < 0) {
    napi_throw_type_error(env, NULL, "setSlice(nanoseconds): a number of nanoseconds, 0 or more");
    return NULL;
  }
  napi_get_boolean(env, set_slice((uint64_t)nanoseconds), &result);
  return result;
}

NAPI_MODULE_INIT(/* napi_env env, napi_value exports */) {
  napi_value fn;
  if (napi_create_function(env, "setSlice", NAPI_AUTO_LENGTH, set_slice_js, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "setSlice", fn) != napi_ok) return NULL;
  return exports;
}
