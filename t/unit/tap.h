/* SPDX-License-Identifier: GPL-2.0 */
/* Minimal TAP output for the C unit tests. */
#ifndef MAINT_TAP_H
#define MAINT_TAP_H

#include <stddef.h>

void tap_ok(int cond, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int tap_done(void);

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define is_int(a, b, ...)                                           \
	do {                                                        \
		long long _a = (long long)(a), _b = (long long)(b); \
		ok(_a == _b, __VA_ARGS__);                          \
		if (_a != _b)                                       \
			tap_diag("got %lld, want %lld", _a, _b);    \
	} while (0)
#define is_mem(a, alen, b, ...)                                        \
	do {                                                           \
		const char *_b = (b);                                  \
		size_t _bl = strlen(_b);                               \
		int _ok = (alen) == _bl && !memcmp((a), _b, _bl);      \
		ok(_ok, __VA_ARGS__);                                  \
		if (!_ok)                                              \
			tap_diag("got '%.*s', want '%s'", (int)(alen), \
				 (const char *)(a), _b);               \
	} while (0)

void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
