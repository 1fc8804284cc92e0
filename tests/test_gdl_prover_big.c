/*
 * test_gdl_prover_big.c - test_gdl_prover.c over the two shared GDL games
 * whose groundings are large (checkersTiny, hex), in a program of their
 * own so that each stays a few seconds in the sanitizer build.
 */
#define GDL_PROVER_BIG 1
#include "test_gdl_prover.c"
