/*
 * test_threats.c - threats_near() (src/agents/threats.h), decisive
 * playouts' filter, in GDL connectFour (8 columns, 6 rows): red's three
 * on the bottom row is a line lacking one for red (held or not: the
 * rules' lines alone), black has none, nor has either player at the
 * start; without lines it always says to look.
 */
#include "gametest.h"

#include "agents/threats.h"

#define C4 "gdl:data/gdl/test/connectFour.kif"

int main(void)
{
	gl_game *g = tg_game(C4);
	unsigned char *three = tg_state(g), *held = tg_state(g);
	g->type->start(g, three);
	tg_play(g, three, "(drop 1),(drop 8),(drop 2),(drop 8),(drop 3)");
	memcpy(held, three, g->state_size);
	tg_play(g, held, "(drop 4)");
	/* near a win in one: red's three, black's two */
	CHECK(threats_near(g, three, 0) && threats_near(g, held, 0));
	CHECK(!threats_near(g, three, 1) && !threats_near(g, held, 1));
	unsigned char *start = tg_state(g);
	g->type->start(g, start);
	CHECK(!threats_near(g, start, 0) && !threats_near(g, start, 1));
	tg_play(g, start, "(drop 1),(drop 8),(drop 2),(drop 8)");
	CHECK(!threats_near(g, start, 0)); /* two of red's: not yet */
	free(start);
	free(three);
	free(held);
	gl_game_free(g);
	gl_game *plain = tg_game("tictactoe");
	unsigned char *ps = tg_state(plain);
	plain->type->start(plain, ps);
	CHECK(threats_near(plain, ps, 0)); /* no lines: always look */
	free(ps);
	gl_game_free(plain);
	return test_report();
}
