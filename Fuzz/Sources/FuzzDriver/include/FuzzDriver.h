// libFuzzer's entry point for programs that have a main of their own: SwiftPM links every
// executable through its own `main`, so the targets hand each input to libFuzzer this way.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

// LeakSanitizer: allocations between these two calls, on this thread, are not leaks. For a
// library's one-time set-up that keeps no pointer to what it allocated (see fuzz-post).
void __lsan_disable(void);
void __lsan_enable(void);
