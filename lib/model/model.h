/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lib/model: MAINTAINERS parsed, represented and written; e-mail
 * addresses, mails, .mailmap; the script generation.
 *
 * The one header other folders include (doc/architecture.md).
 */
#ifndef MAINT_MODEL_PUBLIC_H
#define MAINT_MODEL_PUBLIC_H

#include "maintainers.h"
#include "format.h"
#include "add.h"
#include "email.h"
#include "mailmap.h"
#include "mail.h"
#include "generation.h"
#include "chiefs.h"

#endif
