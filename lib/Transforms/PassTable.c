/*
 * PassTable.c - the gspmd passes that are built, in pipeline order.
 *
 * gspmdRegisterPasses registers exactly these by name. A pass is added here
 * only when it does its whole job; nothing is registered as a no-op.
 */
#include "gspmd/passes.h"

#include <stddef.h>

const GspmdPassInfo gspmdPassTable[] = {
    {NULL},
};
