/*
 * threats.h - a threat read from a state's goal lines (game.h's
 * gl_goal_lines): whether a player's line lacks at most one proposition,
 * as a placement game's win in one does. uct's decisive playouts (param
 * connect) look ahead for a win only where it says so.
 */
#ifndef AGENTS_THREATS_H
#define AGENTS_THREATS_H

#include "gamelearn/game.h"

/* Whether one of player p's lines lacks at most one proposition at s, as a
 * placement game's win in one does (a move that makes several true at
 * once may complete a line lacking more); true where g has no lines. */
bool threats_near(const gl_game *g, const unsigned char *s, int p);

#endif
