/*
 * test_gdl_big.c - test_gdl_games.c over the two shared GDL games whose
 * groundings are large (checkersTiny, hex), in a program of their own so
 * that each stays well under a minute in the sanitizer build.
 */
#define GDL_GAMES_BIG 1
#include "test_gdl_games.c"
