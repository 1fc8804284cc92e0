/*
 * registry.c - the one list of native game types and presets. The CLI,
 * the tests and every learner find games here by name.
 */
#include "games/internal.h"

static const gl_game_type *const types[] = {
	&gl_game_tictactoe,
	&gl_game_hex,
	&gl_game_nim,
	&gl_game_connect,
	&gl_game_capturego,
	&gl_game_othello,
	&gl_game_checkers,
	&gl_game_swap9,
	&gl_game_npuzzle,
	&gl_game_gdl,
	NULL
};

static const gl_preset presets[] = {
	{"connect3", "connect:w=5,h=5,k=3"},
	{"connect4", "connect:w=7,h=6,k=4"},
	{"othello4", "othello:size=4"},
	{"othello6", "othello:size=6"},
	{"othello8", "othello:size=8"},
	{NULL, NULL}
};

const gl_game_type *const *gl_game_types(void)
{
	return types;
}

const gl_preset *gl_game_presets(void)
{
	return presets;
}
