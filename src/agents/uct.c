/*
 * uct.c - the `uct` agent: Monte Carlo tree search with the UCT selection
 * rule (Kocsis and Szepesvari, "Bandit based Monte-Carlo Planning", ECML
 * 2006), as GGP players use it (Finnsson and Bjornsson, "Simulation-Based
 * Approach to General Game Playing", AAAI 2008): the default player of
 * issue 8 and the baseline the learners are compared with. It needs no
 * knowledge beyond the game interface, so it plays every game, GDL ones
 * included.
 *
 * Each iteration descends the tree by UCT (unvisited children first, in a
 * random order), gives a leaf its children once it has been visited
 * `expand` times, plays moves to the end from the first new child (at
 * random, or by MAST: below) and backs up every player's goal (0..100).
 * A node's statistics are the mean value of the player who chose the
 * move leading to it (max-n: any number of players): its goal, mixed
 * with its standing against the others in games of three or more (param
 * rank, below). In games of one or two players, wins and losses are
 * proven from the terminal states reached in the tree and backed up
 * exactly (MCTS-Solver, try_prove()).
 *
 * Bulk playouts (param `batch`, default 1): a leaf may get `batch`
 * playouts at once, through the game's playouts() where it has one (the
 * gdl type plays 64 at a time, bit-parallel), backed up as `batch` visits
 * (leaf parallelisation, Cazenave and Jouandeau 2007; backed up as one
 * visit of their mean they played worse: 11-18 and 10-20 in 30 matches).
 * At 1 s a move 64 a leaf only drew level with 1 (GDL connectFour
 * 22-17-1 in 40 matches, breakthroughSmall 10-10 in 20) and 16 lost
 * (connectFour 6-13-1); at 0.25 s 1 beat 16 and 64 on both games. A
 * second buys as much by growing the tree as by more playouts at its
 * leaves, so the default stays 1, one playout through legal()/apply().
 *
 * Lanes (param `lanes`, default 64, where they pay: `lgain` below): tree
 * parallelisation in one thread (Chaslot, Winands and van den Herik, CG
 * 2008). `lanes` descents, each leaving a virtual visit on its path so
 * that the next goes elsewhere, then one playout from each leaf, all in
 * one call of the game's playouts_each() (the gdl type on its network:
 * bit-parallel, g->bulk 64), then each descent backed up
 * (iterate_lanes()). With `lmast` (the default) the playouts draw their
 * moves by MAST's Gibbs weights and MAST learns from the moves they
 * chose (the game records them: a gl_trail) as well as from the
 * descents, as it does one by one; until the match meets a round of
 * simultaneous moves, as MAST's playouts (lmast=0: uniformly random;
 * `lshare`: the percent of batches that do, the others random,
 * lane_policy(); 100, every batch, by default: 50 gained nothing at 3 s,
 * docs/GGP_STRENGTH.md, twenty-third round).
 * MAST that learnt from the descents alone left every move below the
 * tree unseen, with the top weight, so the lanes' playouts preferred the
 * moves never tried to the good ones (docs/GGP_STRENGTH.md, eleventh
 * round). Near the clock's end, and while pondering when a batch takes
 * over 10 ms, iterations go one by one. With `lgain` (default 1; 0:
 * lanes always) the lanes pay their way: at the start of each move one
 * batch and a few iterations one by one are timed in CPU seconds, and
 * the batches go on only if an iteration in one cost at most 1/lgain of
 * one by one (pick_lanes(): against MAST's playouts one by one, about 10
 * in othello-comp2007 and 2 in connectFour and breakthrough); under an
 * iteration limit they go one by one, as they do with the options whose
 * playouts lanes would not play (mast=1, nst, decisive 2 and 3, lgr, ppa) or
 * whose statistics need the playouts' moves (rave, grave). Pondering
 * keeps the last move's choice (one by one before the first), so that a
 * message is not kept waiting for a timed batch.
 *
 * Simultaneous moves: decoupled UCT (Finnsson's CadiaPlayer, AAAI 2008;
 * Lanctot et al., "Monte Carlo Tree Search in Simultaneous Move Games
 * with Applications to Goofspiel", CGW 2013). The gdl type sequentialises
 * a step in which several roles choose into plies, one per role, with the
 * earlier choices pending in the state (game.h's hidden()). The node where
 * such a round starts (SIMUL) keeps, besides its children (the first
 * chooser's moves), one statistics node per move of every later chooser;
 * at the round's hidden plies below it each later chooser selects by UCT
 * over those shared statistics, so its choice never depends on the
 * earlier, unseen ones, and the child reached after the last choice is
 * the state after the joint move. A hidden ply is not a stopping point:
 * it is expanded at once and the descent goes on to the joint move's
 * state. Proofs do not assume that a later chooser sees the earlier
 * choices: a hidden ply is proven only when all its replies give the same
 * result. Asked to move at a hidden state, the agent searches from the
 * state where the round started, which it knows from observe() (or finds
 * among the states the unseen earlier choices could make, as ggp serve
 * fills them in with placeholders), and plays from its own statistics of
 * the round; with no round start known it plays a random move rather than
 * read the pending choices. The move played at a simultaneous step is
 * drawn in proportion to the visits of the player's moves (param mix=1,
 * decoupled UCT's mixed strategy, as roshambo needs; mix=0 plays the most
 * visited, a pure strategy an opponent could exploit), among the moves
 * with at least half the most visited one's visits (param mixcut, 50):
 * drawn among all of them, the moves UCT only explored are played too:
 * in blockerParallel (256 moves a player a step) plain UCT's draw among
 * all lost 9-51 in 60 matches to the same search with the cut, as it did
 * to the most visited move on two sets of seeds (docs/GGP_STRENGTH.md,
 * ninth round). In a game whose equilibrium mixes, the moves it mixes
 * keep comparable visits and stay above the cut. Once the match has met a
 * round of simultaneous moves a leaf needs 16 visits, not `expand`'s 2,
 * before it gets children (param sexpand). A round's expansion makes a
 * node per move of every chooser (512 in blockerParallel), so with 2
 * visits the arena filled within a 2 s move; a tree that grows where its
 * visits are for the whole move scored 75.0% and then, on new seeds, 70.0%
 * against plain UCT at 3 s over 40 matches each, where expand=2 had made
 * 63.8% over 80 (docs/GGP_STRENGTH.md, forty-third round).
 *
 * Regret matching (params mix=2 and 3, off by default; rm_pick()): at
 * the round that starts at the root (mix=2) or at every round of the
 * tree (mix=3), each chooser, once each of its moves has been tried,
 * draws its move by regret matching with outcome sampling (SM-MCTS with
 * regret matching: Lanctot, Lisy and Winands, CGW 2013), and the move
 * played is drawn from the root round's average strategy, among the
 * moves with mixcut percent of its largest share (not with factor, which
 * chooses a round's moves its own way). UCT's visits need not
 * approach an equilibrium of a round; regret matching's average strategy
 * does, so a draw an opponent reads should be read less. Against plain
 * UCT in blockerParallel mix=2 made 70.0% at 3 s over 40 and 70.0% at
 * 0.5 s over 60 (42.5% and 45.8% drawn from all of it, mixcut=0), mix=3
 * 67.5% and 68.3%, where the default makes 63.8% and 88.3%
 * (docs/GGP_STRENGTH.md, thirty-ninth round), so both stay off.
 *
 * The root round's equilibrium (param mix=4, off by default;
 * eq_weights()): the search is the default's, and the move played at a
 * round of two choosers is drawn, above mixcut, from an equilibrium of
 * the root round's matrix game, each chooser's most visited moves
 * against the other's, valued by the joint moves' means in the tree
 * (matrix_solve(), agents/matrix.c). Decoupled UCT's visits need not
 * approach a round's equilibrium, and its draw by visits is read by the
 * other's search; the joint moves' values show it. Against plain UCT in
 * blockerParallel it made 70.0% at 3 s over 40 and 88.3% at 0.5 s over
 * 60 (67.5% and 83.3% with mixcut=0), where the default makes 63.8% and
 * 88.3% (docs/GGP_STRENGTH.md, fortieth round), so it stays off.
 *
 * Moves in two parts (param factor, off by default; factor_pick()): at a
 * round, a player whose moves are every pair of a part A and a part B
 * (GDL moves whose arguments split in two, as blockerParallel's
 * (mark x1 y1 x2 y2), a cell on each of two boards: 256 moves, 16 by 16)
 * chooses, once every move has been tried, A by UCT over each A's
 * visits and values summed over the moves that have it, and B likewise,
 * and plays A and B each drawn by those visits above the cut: 32 arms
 * learnt instead of 256 (move groups, Childs, Brodeur and Kocsis, CIG
 * 2008, here one group per part). A part's value is its mean beside the
 * other part's current choices, which can lead away from the best pair
 * (test_uct's trap_kif). At equal iterations in blockerParallel it beat
 * the default 26-0-14 (5,000 a move) and 29-1-10 (20,000), at about 1.3
 * times its CPU an iteration; against plain UCT on the script's clocks it
 * made 81.7% at 0.5 s and 61.3% at 3 s over 80, where the default makes
 * 88.3% and 63.8% (docs/GGP_STRENGTH.md, thirty-sixth round), so it stays
 * off.
 *
 * The best answer by parts (param factor=2, off by default;
 * answer_pick()): at a round of two players whose moves are every pair
 * of two parts, the move played is, on each side, the part (among those
 * with mixcut percent of the top part's visits) whose value against the
 * other's moves, weighted by their visits (the agent's model of the
 * other's draw), is best; against the other's move b, a part's value is
 * its mean over the joint moves of the moves that have it with b (the
 * joint node's value where the agent chooses second, the next round's
 * moves' where it chooses first). The search is the default's; only the
 * move played changes. In blockerParallel it beat the default 27-0-13
 * at 20,000 iterations a move, but against plain UCT made 67.5% at 3 s
 * over 80 and 76.7% at 0.5 s, where the default makes 63.8% and 88.3%
 * (docs/GGP_STRENGTH.md, thirty-seventh round), so it stays off.
 *
 * Standing (param rank, default 100; games of three or more players):
 * the tree values an outcome for a player by its goal mixed with its
 * standing, 100 for each other player whose goal it beat, 50 for each it
 * tied, 0 below, averaged: (goal + W/100 standing) / (1 + W/100). By its
 * goal alone (max-n) a player is blind to who else wins: in
 * tictactoe_3player a player with three in a row scores 66 whether x
 * completes four or nobody does, so max-n's o and z have no reason to
 * block x: with the default before this in o's or z's seat and plain
 * UCT in the others, x won 83% of the matches. With standing it blocks
 * (x won 37% and 65%), and gains by its goal too: over 360 matches
 * against plain UCT 59.0% pairwise and a mean goal of 81.0, where it made
 * 50.7% and 77.3 over 180 without (docs/GGP_STRENGTH.md, tenth round).
 * The tree values every player's outcomes so, its model of the others
 * included (param rankall, default 1); with rankall=0 only the agent's
 * own, the others' by their goals, as max-n players such as plain UCT
 * value them: in tictactoe_3player against plain UCT it scored as the
 * default did at 0.5 s, a few points above it at 3 s, within the spread
 * (docs/GGP_STRENGTH.md, nineteenth round). In a game of two players
 * rank is off: there the standing is only the goals' order, which a game
 * of win, draw and loss says already and which would distort a game of
 * graded goals. RAVE's means, mixed into the tree's,
 * learn the same values; MAST, NST, LGRF and PPA learn the goals. With
 * bulk playouts (batch above 1) the standing is that of the playouts'
 * mean goals, as the game's playouts() returns only their sums.
 *
 * Playout policies and selection (issue 19), each a parameter, measured
 * against plain UCT at equal clocks by scripts/ggp_strength.sh (the
 * figures are in docs/GGP_STRENGTH.md): MAST keeps every player's mean
 * goal per move id over all the iterations of the match (the move made
 * anywhere in the descent or the playout), and playouts choose by it:
 * Gibbs sampling with temperature `tau` (mast=2, the default, as
 * CadiaPlayer, whose tau of 10 was ours until the twelfth round of
 * docs/GGP_STRENGTH.md: at 20, the default, a playout prefers good moves
 * less sharply, so that its bias stays small where more iterations do
 * not mend it; against plain UCT at 3 s connectFour and breakthrough
 * gain, which they did not at 10, and othello-comp2007 loses some) or
 * epsilon-greedy (mast=1, `eps` percent at random); it
 * costs a to_move() a playout move (the mover's row), which a GDL game
 * pays as much as a legal(). The same table can order a node's untried
 * moves (`order`) and add progressive history to UCT (`history`). RAVE
 * (`rave`, its equivalence parameter) mixes all-moves-as-first means into
 * UCT's, in a second array beside the arena. Bulk playouts (batch above 1
 * through the game's playouts()) stay uniformly random; MAST and RAVE
 * then learn from the descent's moves only. NST (`nst`) adds to a
 * playout move's MAST mean those of the 2- and 3-grams it ends (the moves
 * just before it, descent and playout alike), kept in a fixed hashed
 * table. Transpositions (`tt`): a child's mean in UCT is its state's,
 * over every iteration through that state by any order of moves, from a
 * table of states kept for the match. Decisive moves (`decisive`): an
 * expansion looks one move ahead for a win and tries it first (the
 * states it makes kept for the descents, where `states` keeps them);
 * playouts that play a win in one where there is one (decisive=2), and
 * (decisive=3, Teytaud and Teytaud's anti-decisive moves) where the
 * mover before could have played that winning move itself, take its move
 * back and play it there instead, a block in games where a cell to mark
 * is the same move for every player; there they look only where a line
 * of the goals (game.h) lacks one.
 * Last-Good-Reply with forgetting (`lgr`): a playout plays the mover's
 * last winning reply to the move before, where legal, before MAST's
 * choice. Move decay (`decay`): MAST's and NST's statistics are scaled
 * down at each move of the match, so that newer iterations count more.
 * PPA (`ppa`, Playout Policy Adaptation): playouts drawn by a softmax
 * over each player's learnt move weights, adapted after each iteration
 * on the winner's moves from the root (descent and playout), in place of
 * MAST's choice. GRAVE (`grave`): RAVE whose all-moves-as-first means
 * come from the nearest ancestor with enough visits.
 *
 * Implicit minimax backups (`imb`, Lanctot, Winands, Pepels and
 * Sturtevant, CIG 2014) with a heuristic learnt during the match, in games
 * of one or two players whose states are propositions (g->nprops: the gdl
 * type's base propositions) until a round of simultaneous moves: a
 * logistic model of each player's value over the propositions true in a
 * state, fitted to the playouts' values from the tree's leaves; each node
 * keeps the minimax over its visited subtree of the heuristic at its
 * leaves (exact at terminal and proven ones), and selection takes a
 * child's value as (1 - A) times its mean plus A times that minimax
 * (`ihalf`: A fading with the child's visits). With `hlines`, where the
 * game has goal lines (g->lines), the model also reads the threats of
 * threats.h: for each player, to move or not, how many of its lines lack
 * one, two or three propositions and are not blocked (off by default:
 * in connectFour at equal iterations it did not help, docs/
 * GGP_STRENGTH.md, twenty-eighth round). Off by default: against
 * plain UCT it gained in breakthrough and othello-comp2007 and lost in
 * connectFour and tictactoe_3player (docs/GGP_STRENGTH.md, thirteenth
 * round).
 *
 * Early playout termination (`ept`, after Lorentz, "Early Playout
 * Termination in MCTS", ACG 2015), with lanes, in games of one or two
 * players whose states have propositions: every other batch's playouts
 * stop after `ept` moves, and one stopped before the end is valued at the
 * state it reached (playouts_each() returns the last states) by imb's
 * heuristic, which learns, with imb or without, from the other batches'
 * playouts, run to the end. Off by default (docs/GGP_STRENGTH.md,
 * twenty-sixth round), but in a race.
 *
 * Races (`race`, on by default): in a game of two players each of whose
 * goal lines (g->lines) is one proposition, as breakthrough's (a piece
 * of the player's on the far row), a goal the heuristic's linear model
 * has among its own features, the playouts are random lanes with ept
 * and imb (mast=0, ept=10, imb=40, ihalf=1000, each where at its
 * default's value, given so or not; race=0 to choose them; imb stops at
 * a round of simultaneous moves, as always): there the combination won
 * breakthrough at 3 s, where the default's MAST lanes lost it to plain
 * UCT; elsewhere, as in connectFour (lines of four), it lost
 * (docs/GGP_STRENGTH.md, twenty-seventh and thirtieth rounds).
 *
 * Lines to connect (`connect`, on by default): in a game of two players
 * whose goal lines are each two or more propositions (connectFour's
 * fours, ticTacToe's threes), decisive at its default's value is 3:
 * an expansion tries first a child that wins at once, and
 * each playout move looks one move ahead for a win where the
 * mover has a line lacking one, plays it, and where the mover before
 * could have played that move, has that mover play it instead (a
 * block). Its playouts go one by one (no lanes), MAST's, about a tenth
 * of the lanes' iterations. In connectFour it beat the default without
 * it 33-0-7 at 20,000 iterations a move, and plain UCT 45-3-12 at 3 s,
 * where the default had gone 34-3-23 on the same seeds, and 42-3-15 at
 * 0.5 s, where the default had made 57.5%: a tenth of the iterations
 * with the knowledge beat all of them without (docs/GGP_STRENGTH.md,
 * thirty-fourth round).
 *
 * Relative bonus (`rb`, Pepels, Tak, Lanctot and Winands, ECAI 2014), in
 * games of two players: the length of a decisive iteration from the root
 * (the descent's moves and its playout's) against the winner's wins so
 * far from this root, in standard deviations, moves the two values apart
 * by a sigmoid of it (relative_bonus()): a quicker win than the winner's
 * usual counts more, a slower one less, and so does its loss. The tree's
 * values take it; MAST and the solver keep the goals. Off by default:
 * at equal iterations it gained in breakthrough and not in connectFour,
 * and against plain UCT at 3 s lost connectFour (docs/GGP_STRENGTH.md,
 * sixteenth round).
 *
 * Pondering (ponder(), for a GGP player between messages): the same
 * iterations as choose(), from the match's state as observed (inside a
 * round of simultaneous moves, from the round's start), into the tree
 * that observe() reroots at the moves played and the next choose()
 * continues, whoever is to move. set_time() sets the time a move.
 *
 * Memory: one node arena sized once at init (param `nodes`), and move
 * lists and states sized from the game (g->max_legal, g->state_size),
 * MAST's table, LGRF's replies, RAVE's marks, PPA's weights, GRAVE's
 * child index and factor's parts from g->nplayers * g->nactions (its
 * parts' keys and totals of a fixed size), PPA's record of an
 * iteration's legal moves from g->max_length * g->max_legal (at most
 * PPA_ROOM), NST's table of a fixed size, the transposition table from
 * the arena's, the lanes' paths and (lmast) trails from lanes *
 * g->max_length, the heuristic's weights (imb, ept) and its list of true
 * propositions from g->nprops (the threats' tables from its square),
 * imb's values from the arena's (ept's cut playouts end in the lanes'
 * states, or with threats beside them), and the nodes' states
 * (param states) from the arena's and g->state_size;
 * nothing is allocated after init. States: a node's state is kept beside
 * it, where the arena's nodes times the game's state size fit in
 * `states` MiB (128 by default: the six games of issue 19 at the default
 * 2,000,000 nodes, 16 to 32 bytes a state, but not chess's 224), so that
 * a descent copies it instead of applying the moves from the root again
 * (each node's move is applied once, when a descent first reaches it,
 * or with decisive=1 when the expansion that makes it looks ahead).
 * The tree plays the same moves with them or without; in a GDL game,
 * where apply() evaluates the rules, more iterations fit in a CPU second
 * (from the start: connectFour about 1.5 times as many, othello-comp2007
 * 1.4, breakthrough 1.15, whose playouts take the larger share). A full
 * arena stops growing the tree and iterations go on as playouts from its
 * leaves; with param prune it is pruned to at most half, its most
 * visited part (compact()), and the tree grows on.
 * Tree reuse: observe() moves the root down to the child for the move
 * played (for a round, once all its moves are known), and choose()
 * compacts the arena to the surviving subtree before searching. With an
 * iteration limit the agent is deterministic given its generator; time
 * limits are not reproducible.
 */
#include "agents/internal.h"
#include "agents/matrix.h"
#include "agents/threats.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
	NONE = -1,          /* no node (an index) */
	EXPANDED = 1,       /* node flag: children allocated */
	TERMINAL = 2,       /* node flag: the state is terminal */
	PROVEN = 4,         /* node flag: its value is exact (proof) */
	SIMUL = 8,          /* node flag: a round of several choosers starts
	                     * here; statistics nodes follow the children */
	HIDDEN = 16,        /* node flag: inside a round (choices pending);
	                     * children in legal() order, chosen by the
	                     * round's statistics */
	STATS = 32,         /* node flag: no state, one later chooser's
	                     * statistics for one move of a round */
	KEPT = 64,          /* node flag: its state is kept (param states) */
	SEARCHED = 128,     /* node flag: its children were searched to depth
	                     * msd (param msd) */
	LIVE = 0x7fffffff,  /* compaction: reachable, index not yet assigned */
	FIND_BUDGET = 1 << 16, /* apply() calls spent looking for the round
	                        * start of a hidden state */
	TT_PROBE = 8,       /* transpositions: entries probed for a state */
	NST_BITS = 18,      /* NST: 2^18 n-gram entries (16 bytes each) */
	NST_PROBE = 4,      /* NST: entries probed for a key */
	NST_MIN = 7,        /* NST: iterations an n-gram (n > 1) needs before
	                     * its mean counts (Tak et al. 2012) */
	PPA_ROOM = 1 << 20, /* PPA: legal moves of one playout kept for its
	                     * update, at most (a GDL game may have thousands
	                     * a state); plies past it are not updated */
	MOVE_IDS_MAX = 1 << 24 /* players x action ids, at most, for the
	                        * statistics kept per move id (below) */
};

/* PPA: a move weight's bound either way, so that exp() stays finite. */
#define PPA_MAX 40.0

/* Pondering runs batches of lanes only while one takes at most this many
 * seconds: a GGP message that arrives meanwhile waits for the batch. */
#define PONDER_BATCH 0.01

/* Param lgain: iterations one by one timed against a batch of lanes at
 * the start of each move (pick_lanes()). */
enum { LGAIN_SINGLES = 16 };

/* One tree node: a state reached by a move, with its statistics; or (flag
 * STATS) one move's statistics at a round of simultaneous moves. 32
 * bytes. The player choosing among a node's children is their `who`
 * (mover_of()). */
typedef struct node {
	double sum;       /* total value of `who` over the visits (its
			   * goal, or with rank its goal and standing:
			   * every player's, or with rankall=0 the
			   * agent's alone) */
	uint32_t visits;  /* iterations through this node */
	int32_t first;    /* index of the first child (EXPANDED only) */
	gl_action move;   /* the move that led here (the root: unused) */
	int32_t nchild;   /* children, contiguous from first (as many as the
			     state has legal moves: GDL games have thousands) */
	int32_t ntried;   /* children visited so far: the first ntried */
	int8_t who;       /* player who chose `move` (-1 at a fresh root) */
	uint8_t flags;    /* EXPANDED, TERMINAL, PROVEN, SIMUL, HIDDEN, STATS,
			   * KEPT, SEARCHED */
	int8_t proof[2];  /* PROVEN: both players' exact goals */
} node;

/* Endgame solving (param esolve): what the search knows of one state, in
 * a table of 1 << ES_BITS entries (16 MiB) kept through the match. */
enum { ES_BITS = 20, ES_LEVELS_MAX = 512 };
typedef struct es_entry {
	uint64_t key;     /* the state's hash (0: a free entry) */
	gl_action move;   /* the best move found there */
	int8_t lo, hi;    /* bounds on its mover's exact goal */
} es_entry;

/* MAST: one move's playout statistics for one player. */
typedef struct mast_entry {
	double sum;       /* total goal of the player over those iterations */
	double n;         /* iterations in which the player made the move */
	double w;         /* mast=2, n > 0: the Gibbs weight exp((mean - 100)
			   * / tau), kept so that a playout move costs no
			   * exp() a legal move; -1 while the mean has
			   * changed since (mast_weight()) */
} mast_entry;

/* NST: one n-gram's statistics (n > 1; the 1-grams are MAST's table). */
typedef struct nst_entry {
	uint64_t key;     /* the n-gram's hash (0: a free entry) */
	float sum;        /* total goal of its last mover */
	float n;          /* iterations that made it */
} nst_entry;

/* PPA: one move's policy weight for one player. */
typedef struct ppa_entry {
	double w;         /* the weight (0 at the start of a match) */
	double e;         /* exp(w), kept so that a playout move costs no exp() */
} ppa_entry;

/* RAVE: a child's all-moves-as-first statistics. */
typedef struct amaf_entry {
	double sum;       /* total goal of the child's mover */
	uint32_t n;       /* iterations that made the child's move later on */
} amaf_entry;

/* A MAST entry's mean goal, or `unseen` for a move never made. */
static double mast_mean(const mast_entry *e, double unseen)
{
	return e->n > 0 ? e->sum / e->n : unseen;
}

/* Params mix 2 and 3: one chooser's draw by regret matching at a round
 * in a descent. */
typedef struct rm_draw {
	int32_t lo, n;    /* its moves' nodes: lo .. lo + n */
	int32_t pick;     /* the index drawn among them (-1: the end) */
	int who;          /* the chooser */
	double q;         /* the probability it was drawn with */
} rm_draw;

/* The agent's private state. */
typedef struct uct {
	double c;           /* exploration constant, goal units (0..100) */
	uint32_t expand;    /* visits a leaf needs before it is expanded */
	uint32_t sexpand;   /* ... once a round of simultaneous moves is met */
	uint32_t batch;     /* playouts per leaf */
	double seconds;     /* time per move (0: none) */
	uint64_t iterations; /* iterations per move (0: none) */
	bool reuse;         /* keep the tree across moves */
	bool prune;         /* a full arena is pruned (compact()) */
	bool solve;         /* prove values (games of one or two players) */
	int mix;            /* a simultaneous step's move: 0 the most
			     * visited, 1 drawn by visits; regret matching
			     * (rm_pick()) at the root's round (2), at every
			     * round (3); the root round's equilibrium (4,
			     * eq_weights()) */
	uint32_t mixcut;    /* ... among the moves with at least this percent
			     * of the most visited one's visits */
	double eps;         /* MAST: share of random playout moves (1: off) */
	double tau;         /* MAST's Gibbs temperature (0: not Gibbs) */
	bool mast_rounds;   /* MAST playouts in games of simultaneous moves too */
	bool rounds;        /* a round of simultaneous moves met this match */
	bool order;         /* untried children taken best MAST mean first */
	double history;     /* progressive history's weight W (0: off) */
	int nst;            /* NST's longest n-gram (0: off, 2 or 3) */
	int decisive;       /* 1: expansion puts a move that wins at once
			     * first; 2: playouts play one too; 3:
			     * and block one, where lines say to look */
	int esolve;         /* endgame solving: percent of a move's time
			     * (0: off) */
	es_entry *es_tt;    /* [1 << ES_BITS] its table of bounds */
	gl_scratch esw;     /* ... its moves and states, one a ply */
	int es_levels;      /* ... the plies it may go below the root */
	double es_stop;     /* ... the clock at which it gives up (0: none) */
	uint64_t es_nodes;  /* ... states searched in this solve */
	uint64_t es_max;    /* ... and the most it may search */
	bool es_abort;      /* ... gave up: out of time or plies, or goals
			     * that are not a two-player zero-sum's */
	gl_action es_move;  /* ... the best move it found at the root */
	bool es_clock;      /* ... only on a clock (esolve left at its
			     * default) */
	bool es_dirty;      /* ... its table written since begin() */
	bool es_first;      /* ... no choice made yet this match */
	uint64_t es_desc;   /* ... the tree's descents since the last choice */
	const atomic_bool *halt; /* choose()'s a->stop: set, the search ends */
	uint64_t es_ends;   /* ... those that stopped at an end or a proven
			     * node */
	double *es_key;     /* ... [max_legal] the order of a state's moves,
			     * while es_search() sorts them */
	int msd;            /* minimax in selection: its depth (0: off) */
	uint32_t msv;       /* ... at a node with this many visits */
	gl_scratch msw;     /* ... its moves and states, a list and a state
			     * a level */
	gl_action *reply;   /* [nplayers * nactions] LGRF: each player's last
			     * good reply to a move, NONE: none; or NULL */
	double decay;       /* MAST and NST statistics kept at each move of
			     * the match (1: all, no decay) */
	unsigned np;        /* the game's players */
	double rank;        /* games of 3 or more players: weight of the
			     * player's standing against the others in the
			     * tree's values (0: its goal alone) */
	bool rank_all;      /* rank: every player's values (else the agent's
			     * own; the others' by their goals) */
	double rb, rbk;     /* relative bonus (two players): its weight a
			     * (0: off) and its sigmoid's slope k */
	int plen;           /* the iteration's playout length (-1: unknown) */
	double rb_n[2], rb_mean[2], rb_m2[2]; /* each player's wins since the
			     * root last moved: count, mean length from the
			     * root and sum of squared deviations (Welford) */
	size_t tt_mask;     /* transpositions: entries - 1 (a power of 2) */
	uint64_t *tt_key;   /* [entries] a state's hash (0: free), or NULL */
	uint32_t *tt_n;     /* [entries] iterations through the state */
	float *tt_sum;      /* [entries * np] every player's total value there */
	int32_t *tt_of;     /* [cap] each node's entry, NONE: not yet known */
	unsigned char *st;  /* [cap * ssize] param states: each node's state
			     * where flag KEPT, or NULL */
	size_t ssize;       /* the game's state size */
	nst_entry *grams;   /* [1 << NST_BITS] NST's n-grams (n > 1), or NULL */
	double ppa;         /* PPA's learning rate alpha (0: off) */
	ppa_entry *pol;     /* [nplayers * nactions] PPA's policy, or NULL */
	gl_action *ppa_mv;  /* [ppa_room] the playout's legal moves, ply by ply */
	float *ppa_pr;      /* [ppa_room] their probabilities when played */
	uint32_t *ppa_at;   /* [2 max_length + 4] the legal moves of the
			     * iteration's move i (descent, then playout):
			     * ppa_at[i] to ppa_at[i + 1] (equal: not kept) */
	unsigned ppa_base;  /* the descent's moves in that sequence */
	size_t ppa_room;    /* entries of ppa_mv and ppa_pr */
	int depth;          /* iterate(): the descent's length (path[0..depth)) */
	uint32_t lanes;     /* iterations whose playouts run at once (1: one
			     * by one, through playout()) */
	int32_t *lpath;     /* [lanes * (max_length + 2)] each one's descent, */
	int32_t *lspath;    /* its statistics nodes, */
	int *ldepth, *lns;  /* [lanes] their lengths, */
	unsigned char *lstate; /* [lanes * lstride] its leaf's state (each
			     * aligned: lstride is state_size rounded up), */
	size_t lstride;
	double lsecs;       /* the last batch of lanes' seconds (0: none
			     * timed yet this match) */
	double lcpu;        /* and its CPU seconds (its thread's) */
	uint32_t lgain;     /* lanes only where an iteration in a batch costs
			     * at most 1/lgain of one by one (0: always) */
	bool luse;          /* this move's iterations go in batches of lanes */
	int *lgoal;         /* [lanes * nplayers] its playout's goals */
	int *llen;          /* [lanes] and length */
	uint32_t lshare;    /* lmast: percent of the batches drawn by MAST */
	uint32_t lacc;      /* ... its running count (lane_policy()) */
	int ept;            /* early playout termination: the moves a cut
			     * batch's playouts make (0: off) */
	bool ecut;          /* the last batch of lanes was cut (ept) */
	double *lweight;    /* [nplayers * nactions] lmast: the playouts' move
			     * weights, or NULL */
	gl_trail ltrail;    /* lmast: [lanes * max_length] the choices of
			     * each lane's playout, which MAST learns */
	size_t nact;        /* the game's action ids: a player's MAST row */
	mast_entry *mast;   /* [nplayers * nactions] MAST statistics, or NULL */
	gl_action *trail;   /* [max_length] one playout's moves (MAST, RAVE) */
	int8_t *trail_who;  /* [max_length] who made them */
	unsigned ntrail;    /* the last playout's moves */
	double rave;        /* RAVE's equivalence parameter K (0: off) */
	amaf_entry *amaf;   /* [cap] RAVE statistics of each node, or NULL */
	uint32_t *mark_it;  /* [nplayers * nactions] RAVE: the iteration in
			     * which a player last made a move, */
	uint32_t *mark_ply; /* and at which ply from the root */
	uint32_t stamp;     /* RAVE: the current iteration's mark */
	uint32_t grave;     /* GRAVE: visits a reference node needs (0: off) */
	double imb;         /* implicit minimax: the heuristic's share of a
			     * child's value in selection (0: off) */
	double hrate;       /* the heuristic's learning rate */
	double ihalf;       /* visits at which the heuristic's share halves
			     * (0: it stays) */
	unsigned nprops;    /* the game's propositions (g->nprops) */
	unsigned nthreat;   /* the heuristic's threat features (0: none) */
	threats threat;     /* the goal lines' threats (hlines), if nthreat */
	unsigned char *lend; /* [lanes * lstride] with threats: the lanes'
			     * last states */
	float *hw;          /* [(nprops + 1 + nthreat) * np] the heuristic's
			     * weights, each feature's np together: the
			     * propositions', the bias, the threats' */
	float *hv;          /* [cap * np] each visited node's implicit minimax
			     * value of every player */
	uint32_t *hidx;     /* [nprops + nthreat] the features true in the
			     * state the heuristic last summed (heur_sums) */
	int32_t *gidx;      /* [nplayers * nactions] GRAVE: a player's current
			     * reference node's child for each move, */
	uint32_t *gstamp;   /* valid where equal to gen[player] */
	uint32_t gen[GL_PLAYERS_MAX]; /* GRAVE: each player's filling */
	int32_t gnode[GL_PLAYERS_MAX]; /* the node gidx holds (NONE: none) */
	int32_t cap;        /* nodes in the arena */
	int32_t used;       /* nodes allocated */
	bool full;          /* expand() found no room: prune before the next
			     * iteration */
	int32_t root;       /* the root's index (its state: here), or NONE */
	node *nodes;        /* [cap] the arena */
	int32_t *fwd;       /* [cap] compaction: new index of each node */
	int32_t *path;      /* [max_length + 2] nodes of one descent */
	int32_t *spath;     /* [max_length + 2] statistics nodes of one descent */
	unsigned char *here; /* [state_size] the match's last state that no
	                      * hidden choice is pending in: the root's */
	unsigned char *cur; /* [state_size] the match's state as observed */
	gl_action pend[GL_PLAYERS_MAX]; /* moves observed since `here` */
	int npend;          /* how many */
	bool known;         /* here and cur follow the match */
	/* Scratch sized from the game, so that no call allocates: */
	gl_scratch w;       /* lists: moves, mv, root_moves, then one per
			     * level of reaches(); states: s, t, look, then
			     * one per level of reaches() */
	gl_action *moves;   /* expand()'s and playout()'s legal moves */
	gl_action *mv;      /* expand()'s later choosers' moves */
	gl_action *root_moves; /* uct_choose()'s legal moves */
	unsigned char *s;   /* iterate()'s descent */
	unsigned char *t;   /* expand()'s look ahead, leaf_value()'s playout;
			     * scratch for swapping two kept states */
	unsigned char *look; /* playout()'s look ahead (decisive=2) */
	gl_action *pmv;      /* ... the moves before the last (decisive=3) */
	unsigned char *ps;   /* ... the state before the last move */
	int *cand;          /* [max_legal] pick_simul()'s candidates */
	bool factor;        /* param factor: a round's moves chosen by their
			     * two parts (factor_pick()) */
	int fsplit[GL_PLAYERS_MAX]; /* ... the argument a player's moves split
			     * before (FAC_UNKNOWN: not yet seen; 0: they
			     * do not split) */
	int fargs[GL_PLAYERS_MAX]; /* ... and how many arguments they have */
	int16_t *fpart;     /* [nplayers * nactions * 2] each move's parts' ids
			     * (FAC_UNKNOWN: not yet read; -1: none) */
	uint64_t *fkey;     /* [nplayers * 2 * FAC_MAX] the parts' texts'
			     * hashes, a part's id its index */
	int fn[GL_PLAYERS_MAX][2]; /* parts so far, each side */
	uint64_t *fhash;    /* [2 max_legal] the split's trial hashes */
	uint32_t *fseen;    /* [2 FAC_MAX] the stamp of the call that last
			     * met each part, */
	uint32_t fstamp;
	double *fsum, *fvis; /* [2 FAC_MAX] and its totals there */
	const node **fx;    /* [max_legal] select_child()'s moves for it */
	bool answer;        /* param factor=2: at a round of two players,
			     * the move played is each part's best answer
			     * to the other's moves (answer_pick()) */
	double *anum, *aden; /* [max_legal] ... a part's value summed, and
			     * its visits, against each of the other's moves */
	const node **x;     /* [max_legal] uct_choose()'s own moves */
	double *xw;         /* [max_legal] their weights, mix 2 to 4 */
	double *eq;         /* mix 4: eq_weights()'s matrices and vectors */
	int *eqi;           /* mix 4: [2 EQ_MAX] its moves, both sides */
	double *rm_reg;     /* mix 2, 3: [cap] by node, a move's cumulative
			     * regret at its round (a SIMUL node's children,
			     * the first chooser's moves, and its statistics
			     * nodes, the later choosers') */
	double *rm_avg;     /* mix 2, 3: [cap] ... its cumulative strategy */
	rm_draw *rmd;       /* mix 2, 3: the current descent's draws by
			     * regret matching, ended by one with pick -1
			     * (max_length + 2) */
	rm_draw *rmd1;      /* iterate()'s */
	rm_draw *lrmd;      /* each lane's, lanes * (max_length + 2) */
	double *weight;     /* [max_legal] gibbs_move()'s weights, or NULL */
} uct;

enum { LIST_REACH = 4, STATE_REACH = 4 }; /* reaches()' first buffers */

/* Param factor: parts a side of a player's moves may have, the moves a
 * round may have for its split to be found, and the marks of a split or
 * part not yet known. */
enum { FAC_MAX = 256, FAC_LIST_MAX = 1024, FAC_UNKNOWN = -2,
	FAC_ARGS_MAX = 16 };

/* Param mix=4: a round's matrix game has each side's EQ_MAX most visited
 * moves with EQ_CUT percent of the top visits; a joint move's values are
 * shrunk toward its moves' by EQ_PRIOR visits; EQ_ITERS iterations of
 * regret matching+ solve it (eq_weights()). */
enum { EQ_MAX = 32, EQ_CUT = 1, EQ_PRIOR = 5, EQ_ITERS = 1000 };

/* The player choosing among the children of nd (EXPANDED: at least one
 * child, every child's `who`). */
static int mover_of(const uct *u, const node *nd)
{
	return u->nodes[nd->first].who;
}

/* Whether the iterations go in batches of lanes without timing them
 * (param lgain 0). */
static bool lanes_always(const uct *u)
{
	return u->lanes > 1 && u->lgain == 0;
}

static const gl_param_def uct_params[] = {
	{"time", "1", "seconds per move (0: no time limit)", 1, 0},
	{"iterations", "0", "iterations per move (0: no limit); either limit stops",
		0, 4000000000L},
	{"c", "40", "UCT exploration constant on the 0..100 goal scale", 0, 10000},
	{"nodes", "2000000", "tree capacity in nodes (32 bytes each, and a state "
		"each where param states keeps them), allocated once",
		1000, 100000000},
	{"states", "128", "MiB for the nodes' states: where nodes times the "
		"game's state size fit, each node's state is kept beside it and a "
		"descent copies it instead of replaying the moves to it (0: "
		"always replay)", 0, 1000000},
	{"expand", "2", "visits a leaf needs before it gets children (the root: 0)",
		1, 1000},
	{"sexpand", "16", "visits a leaf needs before it gets children once the "
		"match has met a round of simultaneous moves (instead of expand)",
		1, 1000},
	{"batch", "1", "random playouts per leaf, each a visit (above 1: through "
		"the game's bulk playouts where it has them, as GDL does)", 1, 4096},
	{"lanes", "64", "iterations whose random playouts run at once, through the "
		"game's bulk playouts (the gdl type: 64 at a time, bit-parallel); each "
		"descent leaves a virtual visit so that the next goes elsewhere (1: "
		"one by one; above 1 needs batch 1 and a game that plays many at once, "
		"and plays random playouts)", 1, GL_EACH_MAX},
	{"lgain", "1", "with lanes, at each move one batch of lanes and 16 "
		"iterations one by one are timed (CPU seconds), and the batches go on "
		"only if an iteration in one costs at most 1/lgain of one by one (0: "
		"lanes always; above 0: one by one under an iteration limit, so that "
		"the search stays reproducible, and with mast 1, nst, decisive 2 or 3, "
		"lgr, ppa, rave or grave, whose playouts lanes would not play)", 0,
		1000},
	{"lmast", "1", "with lanes, the bulk playouts draw each move by MAST's "
		"Gibbs weights, and MAST learns from their moves, until a round of "
		"simultaneous moves unless simul 1 (needs mast 2; 0 or 1: uniformly "
		"random or MAST)", 0, 1},
	{"lshare", "100", "with lmast, the percent of the batches of lanes whose "
		"playouts draw by MAST's weights; the others' are uniformly random "
		"and teach MAST nothing", 0, 100},
	{"reuse", "1", "keep the subtree of the move played across turns (0 or 1)",
		0, 1},
	{"prune", "0", "when the tree fills its nodes, keep its most visited part, "
		"at most half of them, and grow on (0: the tree stops growing and "
		"iterations play out from its leaves)", 0, 1},
	{"solve", "1", "prove exact values from the end (MCTS-Solver; 1 or 2 "
		"players; 0 or 1)", 0, 1},
	{"mix", "1", "at simultaneous moves play a move drawn in proportion to its "
		"visits (1), the most visited (0), or at the root's round (2) or "
		"at every round (3) choose by regret matching and draw from the "
		"root round's average strategy, or draw from an equilibrium of "
		"the root round's joint moves' values (4; not with factor)", 0, 4},
	{"mixcut", "50", "with mix 1, only the moves with at least this percent of "
		"the most visited move's visits are drawn (0: all; 100: the most "
		"visited, ties drawn); with mix 2 to 4, of the largest share of "
		"the average strategy or equilibrium", 0, 100},
	{"rank", "100", "games of three or more players: the tree's value of an "
		"outcome for a player is (goal + W/100 * standing) / (1 + W/100), "
		"its standing being 100 for each other player whose goal it beat, "
		"50 for each it tied, 0 below, averaged; W (0: the goal alone)",
		0, 10000},
	{"rankall", "1", "with rank: every player's values take the standing (1) "
		"or only the agent's own, the others' their goals (0)", 0, 1},
	{"rb", "0", "games of two players: relative bonus, a decisive "
		"iteration's values moved apart by RB/100 * b * half the goals' "
		"gap, b in (-1, 1) by how much shorter than the winner's mean win "
		"(from the root, this move) it was, in its standard deviations "
		"(0: off)", 0, 100},
	{"rbk", "20", "relative bonus: the slope k of b's sigmoid, in tenths",
		1, 1000},
	{"mast", "2", "MAST playouts: each player's moves chosen by their mean goal "
		"over all iterations so far (0: off, 1: epsilon-greedy, 2: Gibbs)", 0, 2},
	{"tau", "20", "MAST's Gibbs temperature, goal units (mast=2)", 1, 1000},
	{"simul", "0", "MAST playouts also once the match has met a round of "
		"simultaneous moves (0: random playouts from then on)", 0, 1},
	{"eps", "40", "MAST: percent of playout moves still drawn at random", 0, 100},
	{"order", "0", "a node's untried moves tried in order of their mean goal over "
		"all iterations (MAST's statistics; 0 or 1)", 0, 1},
	{"rave", "0", "RAVE: moves' all-moves-as-first means mixed into UCT's with "
		"weight sqrt(K / (3 n + K)) at n visits; K (0: off)", 0, 1000000},
	{"history", "0", "progressive history weight: UCT plus W * a move's mean "
		"goal over all iterations / (its losses + 1) (0: off)", 0, 1000},
	{"nst", "0", "N-gram playouts (NST): MAST's choice by the mean of a move's "
		"own mean goal and, after 7 iterations, those of the move following "
		"the last 1 (and 2) moves; the longest n-gram, 2 or 3 (0 or 1: off; needs "
		"mast 1 or 2)", 0, 3},
	{"tt", "0", "transpositions: a child's mean value in UCT taken over every "
		"iteration through its state, by any order of moves, in a table of "
		"states as big as half the arena (0 or 1)", 0, 1},
	{"decisive", "0", "decisive moves: a node given its children looks one move "
		"ahead and tries first a move that ends the game with its mover's "
		"top goal, 100 (1); and a playout plays such a move where it has one, "
		"at an apply() a legal move (2); and besides, where a playout's "
		"mover has a win in one that the mover before could have played, "
		"that mover plays it instead (a block), the look ahead made only "
		"where a goal line of the mover lacks one (3); 0: off", 0, 3},
	{"msd", "0", "minimax in selection (with solve): once a node has msv "
		"visits, its children are searched to depth msd - 1 by minimax over "
		"the game's ends alone, and each proven a win or a loss for its mover "
		"is marked so (1: the children's own ends); 0: off", 0, 8},
	{"msv", "1", "minimax in selection: the visits a node needs first",
		1, 100000000},
	{"esolve", "20", "endgame solving (two players whose goals sum to 100, "
		"turns only): a move first spends up to this percent of its "
		"time (without a clock: this times 10,000 states) on an exact "
		"alpha-beta search to the game's ends, at a match's first move "
		"and wherever at least 1% of the tree's descents since the last "
		"move reached an end or a proven node; a win found is played, a "
		"value between 0 and 100 kept (the search's move unless the "
		"tree's is proven to reach it too), a loss left to the tree; "
		"left at its default, only on a clock (not under an iteration "
		"limit); 0: off", 0, 100},
	{"lgr", "0", "Last-Good-Reply with forgetting: a playout move that followed "
		"a move in an iteration its mover won is played again after that move "
		"where legal, until it is in an iteration its mover did not win (0 or 1)",
		0, 1},
	{"decay", "100", "move decay: percent of the MAST (and NST) statistics, and "
		"of PPA's weights, kept each time a move of the match is played (100: "
		"no decay)", 0, 100},
	{"grave", "0", "GRAVE: RAVE whose all-moves-as-first means are those of the "
		"nearest ancestor with this many visits where the same player "
		"chooses, mixed with weight a / (a + n + 1e-5 a n) at n visits, a "
		"the ancestor's count (0: off; replaces rave's K)", 0, 1000000},
	{"ppa", "0", "Playout Policy Adaptation: playouts drawn by a softmax over "
		"each player's move weights, learnt after each playout (a winner's "
		"move up by alpha, every legal alternative down by alpha times its "
		"probability); alpha in hundredths (0: off; before MAST's choice)",
		0, 1000},
	{"imb", "0", "implicit minimax backups: a child's value in selection is "
		"(1 - A/100) times its mean plus A/100 times the minimax over the "
		"tree of a heuristic learnt during the match, a logistic model of "
		"the playouts' values over the state's propositions (games of one "
		"or two players whose states have them, GDL; turns, not rounds of "
		"simultaneous moves); A (0: off)", 0, 100},
	{"hrate", "5", "the heuristic's learning rate, hundredths (imb)", 1, 10000},
	{"ihalf", "0", "imb: the heuristic's share of a child's value is A/100 "
		"times K / (K + its visits), halved at K visits (0: A/100 "
		"throughout)", 0, 100000000},
	{"ept", "0", "early playout termination, with lanes: every other batch's "
		"playouts stop after EPT moves, one stopped before the end valued "
		"at the state it reached by imb's heuristic, learnt from the "
		"other batches' (games of one or two players whose states have "
		"propositions, GDL); 0: off", 0, 10000},
	{"hlines", "0", "1: the heuristic (imb, ept) also reads the goals' "
		"lines, where the game has them (GDL: the top goals' conjunctions "
		"of base propositions): for each player, with it to move or not, "
		"how many of its lines lack one, two or three and are not blocked "
		"(1, 2, 3+); 0: the propositions alone", 0, 1},
	{"race", "1", "1: in a game of two players each of whose goal lines "
		"is one proposition (a race to any square of a row, as in "
		"breakthrough), mast, ept, imb and ihalf at their defaults' "
		"values (given so or not) are 0, 10, 40 and 1000 instead: random "
		"lanes, and playouts cut and backed up by the learnt heuristic "
		"(imb until a round of simultaneous moves); 0: the defaults "
		"everywhere", 0, 1},
	{"connect", "1", "1: in a game of two players whose goal lines are each "
		"two or more propositions (a line of marks to connect, as "
		"connectFour's fours and ticTacToe's threes), decisive at its "
		"default's value (given so or not) is 3 instead: playouts one by "
		"one that win in one and block a win in one; 0: the default "
		"everywhere", 0, 1},
	{"factor", "0", "at a round of simultaneous moves, a player whose moves "
		"are every pair of two parts (GDL: the move's arguments before "
		"and after one of them, as blockerParallel's cell on each of two "
		"boards) chooses each part by UCT over the part's total over the "
		"moves that have it, in the tree and when it plays (1); or, in a "
		"game of two players, plays each part that does best against the "
		"other's moves weighted by their visits, among the parts with "
		"mixcut percent of the top part's visits, the search the "
		"default's (2); 0: off", 0, 2},
	{NULL, NULL, NULL, 0, 0}
};

/* Whether g has two players, each with goal lines (game.h's lines: what
 * the rules' positive conditions say a top goal needs), and every line
 * of lo to hi propositions: the kinds of game race and connect tell. */
static bool lines_of(const gl_game *g, uint32_t lo, uint32_t hi)
{
	const gl_goal_lines *l = &g->lines;
	if (g->nplayers != 2 || g->nprops == 0 || l->n == 0)
		return false;
	bool has[2] = {false, false};
	for (unsigned i = 0; i < l->n; i++) {
		uint32_t n = l->first[i + 1] - l->first[i];
		if (n < lo || n > hi || l->player[i] > 1)
			return false;
		has[l->player[i]] = true;
	}
	return has[0] && has[1];
}

/* Whether g is a race (race=1): every goal line one proposition, so that
 * a player's top goal is a single fact of the state (a piece on the far
 * row). A linear model over the state's propositions, imb's heuristic,
 * then has the goal itself among its features; a goal of several facts
 * at once (connectFour's lines of four) it cannot read, and there the
 * heuristic lost at 3 s in every round of docs/GGP_STRENGTH.md that
 * tried it. */
static bool race_game(const gl_game *g)
{
	return lines_of(g, 1, 1);
}

/* Whether g's goals are lines to connect (connect=1): every goal line two
 * or more propositions (connectFour's fours of a colour, ticTacToe's
 * threes), so that a win in one is a line lacking one, which playouts
 * look for and block (decisive=3). Not a race (lines of one), nor a game
 * without lines (othello-comp2007's count of discs, blockerParallel's
 * path), nor one of three players, where the mover before is not the
 * only one who could block (tictactoe_3player: 45.2% with it at 3 s,
 * docs/GGP_STRENGTH.md, thirty-fourth round). */
static bool connect_game(const gl_game *g)
{
	return lines_of(g, 2, UINT32_MAX);
}

/* Parameter key, or in a game of a kind (on: a race with race=1, lines
 * to connect with connect=1) `to` where key has its declared default's
 * value (the parameters do not tell a value given from the default: an
 * explicit mast=2 is overridden too in a race; race=0 keeps it). */
static long kind_int(const gl_params *p, bool on, const char *key, long to)
{
	return on && gl_params_at_default(p, key) ? to : gl_params_int(p, key);
}

static void uct_done(gl_agent *a)
{
	uct *u = a->data;
	gl_free(u->nodes);
	gl_free(u->fwd);
	gl_free(u->path);
	gl_free(u->spath);
	gl_free(u->here);
	gl_free(u->cur);
	gl_scratch_done(&u->w);
	gl_scratch_done(&u->msw);
	gl_scratch_done(&u->esw);
	gl_free(u->es_tt);
	gl_free(u->es_key);
	gl_free(u->cand);
	gl_free(u->x);
	gl_free(u->xw);
	gl_free(u->eq);
	gl_free(u->eqi);
	gl_free(u->rm_reg);
	gl_free(u->rm_avg);
	gl_free(u->rmd1);
	gl_free(u->lrmd);
	gl_free(u->mast);
	gl_free(u->trail);
	gl_free(u->trail_who);
	gl_free(u->amaf);
	gl_free(u->weight);
	gl_free(u->mark_it);
	gl_free(u->mark_ply);
	gl_free(u->grams);
	gl_free(u->reply);
	gl_free(u->pol);
	gl_free(u->gidx);
	gl_free(u->gstamp);
	gl_free(u->ppa_mv);
	gl_free(u->ppa_pr);
	gl_free(u->ppa_at);
	gl_free(u->tt_key);
	gl_free(u->tt_n);
	gl_free(u->tt_sum);
	gl_free(u->tt_of);
	gl_free(u->st);
	gl_free(u->lpath);
	gl_free(u->lspath);
	gl_free(u->ldepth);
	gl_free(u->lns);
	gl_free(u->lstate);
	gl_free(u->lgoal);
	gl_free(u->llen);
	gl_free(u->lweight);
	gl_free(u->ltrail.move);
	gl_free(u->ltrail.who);
	gl_free(u->ltrail.n);
	gl_free(u->hw);
	gl_free(u->hidx);
	gl_free(u->lend);
	threats_done(&u->threat);
	gl_free(u->hv);
	gl_free(u->fpart);
	gl_free(u->fkey);
	gl_free(u->fhash);
	gl_free(u->fseen);
	gl_free(u->fsum);
	gl_free(u->fvis);
	gl_free(u->fx);
	gl_free(u->anum);
	gl_free(u->aden);
	gl_free(u);
}

static int uct_init(gl_agent *a, const gl_params *p, gl_err *err)
{
	const gl_game *g = a->game;
	double seconds;
	int rc = gl_params_real(p, "time", "agent uct", 0, 1e9, &seconds, err);
	if (rc)
		return rc;
	uint64_t iters = (uint64_t)gl_params_int(p, "iterations");
	if (seconds == 0 && iters == 0)
		return gl_fail(err, GL_EINVAL, "agent uct: give a time or iterations limit");
	if (gl_params_int(p, "mix") >= 2 && gl_params_int(p, "factor") != 0)
		return gl_fail(err, GL_EINVAL, "agent uct: mix %ld (%s) and "
			"factor %ld choose a round's moves each its own way: give "
			"one of them", gl_params_int(p, "mix"),
			gl_params_int(p, "mix") == 4 ? "an equilibrium" :
			"regret matching", gl_params_int(p, "factor"));
	long cap = gl_params_int(p, "nodes");
	if (cap < (long)g->max_legal + 1)
		return gl_fail(err, GL_EINVAL, "agent uct: nodes must be at least %u "
			"for %s", g->max_legal + 1, g->spec);
	uct *u = gl_calloc(1, sizeof *u);
	if (!u)
		return gl_fail(err, GL_ENOMEM, "out of memory making agent uct");
	u->c = (double)gl_params_int(p, "c");
	u->expand = (uint32_t)gl_params_int(p, "expand");
	u->sexpand = (uint32_t)gl_params_int(p, "sexpand");
	u->batch = (uint32_t)gl_params_int(p, "batch");
	u->lanes = (uint32_t)gl_params_int(p, "lanes");
	if (u->batch > 1 || !g->type->playouts_each || g->bulk < 2)
		u->lanes = 1; /* one by one: playout() is as fast, and MAST's */
	else if (u->lanes > g->bulk)
		u->lanes = g->bulk;
	u->lgain = (uint32_t)gl_params_int(p, "lgain");
	u->seconds = seconds;
	u->iterations = iters;
	u->reuse = gl_params_int(p, "reuse") != 0;
	u->prune = gl_params_int(p, "prune") != 0;
	u->solve = g->nplayers <= 2 && gl_params_int(p, "solve") != 0;
	u->mix = (int)gl_params_int(p, "mix");
	u->mixcut = (uint32_t)gl_params_int(p, "mixcut");
	bool race = gl_params_int(p, "race") && race_game(g);
	long mastv = kind_int(p, race, "mast", 0);
	u->eps = mastv == 1 ? (double)gl_params_int(p, "eps") / 100 : 1;
	u->tau = mastv == 2 ? (double)gl_params_int(p, "tau") : 0;
	u->mast_rounds = gl_params_int(p, "simul") != 0;
	u->order = gl_params_int(p, "order") != 0;
	u->history = (double)gl_params_int(p, "history");
	u->nact = (size_t)g->nactions;
	u->rave = (double)gl_params_int(p, "rave");
	u->grave = (uint32_t)gl_params_int(p, "grave");
	if (u->grave > 0 && u->rave == 0)
		u->rave = 1; /* the AMAF statistics; GRAVE's own weight */
	u->decisive = (int)kind_int(p, gl_params_int(p, "connect") &&
		connect_game(g), "decisive", 3);
	u->msd = u->solve ? (int)gl_params_int(p, "msd") : 0;
	u->msv = (uint32_t)gl_params_int(p, "msv");
	u->decay = (double)gl_params_int(p, "decay") / 100;
	u->np = g->nplayers;
	u->rank = g->nplayers >= 3 ? (double)gl_params_int(p, "rank") / 100 : 0;
	u->rank_all = gl_params_int(p, "rankall") != 0;
	u->rb = g->nplayers == 2 ? (double)gl_params_int(p, "rb") / 100 : 0;
	u->rbk = (double)gl_params_int(p, "rbk") / 10;
	/* The statistics kept per move id (MAST and its orders, RAVE, GRAVE,
	 * LGRF, PPA, lmast, factor's parts) take tables of players x action
	 * ids, cleared at every match: off where the ids are too many, as
	 * native checkers' 2^27 (ids named by a move's squares; MAST's table
	 * there was 4 GiB, written in full at each match's start). */
	bool ids = (double)g->nplayers * (double)g->nactions <= MOVE_IDS_MAX;
	if (!ids) {
		u->eps = 1;
		u->tau = 0;
		u->order = false;
		u->history = 0;
		u->rave = 0;
		u->grave = 0;
	}
	u->nst = (u->eps < 1 || u->tau > 0) && gl_params_int(p, "nst") >= 2 ?
		(int)gl_params_int(p, "nst") : 0;
	bool lgr = ids && gl_params_int(p, "lgr") != 0;
	u->ppa = ids ? (double)gl_params_int(p, "ppa") / 100 : 0;
	/* lanes play uniformly random playouts and keep none of their moves:
	 * chosen by their gain (lgain), they stay off where another playout
	 * policy, or statistics of the playouts' moves, was asked for */
	if (u->lgain > 0 && (u->eps < 1 || u->nst || u->decisive >= 2 ||
	    u->rave > 0 || lgr || u->ppa > 0))
		u->lanes = 1;
	/* the move averages: kept for any of the three */
	bool mast = u->eps < 1 || u->tau > 0 || u->order || u->history > 0;
	u->cap = (int32_t)cap;
	u->root = NONE;
	u->nodes = gl_malloc((size_t)cap * sizeof *u->nodes);
	/* the nodes' states, where they fit in the memory given them: only
	 * a speed-up, so without the memory the moves are replayed */
	double sbytes = (double)cap * g->state_size;
	u->ssize = g->state_size;
	if (sbytes <= (double)gl_params_int(p, "states") * 1024 * 1024 &&
	    sbytes <= (double)SIZE_MAX)
		u->st = gl_malloc((size_t)cap * u->ssize);
	u->fwd = gl_malloc((size_t)cap * sizeof *u->fwd);
	u->path = gl_malloc(((size_t)g->max_length + 2) * sizeof *u->path);
	u->spath = gl_malloc(((size_t)g->max_length + 2) * sizeof *u->spath);
	u->here = gl_malloc(g->state_size);
	u->cur = gl_malloc(g->state_size);
	u->cand = gl_malloc(g->max_legal * sizeof *u->cand);
	u->x = gl_malloc(g->max_legal * sizeof *u->x);
	bool lanes = u->lanes > 1;
	/* a type with rounds (gdl) */
	bool rm = (u->mix == 2 || u->mix == 3) && g->type->hidden;
	bool eq = u->mix == 4 && g->type->hidden;
	if (rm || eq)
		u->xw = gl_malloc(g->max_legal * sizeof *u->xw);
	if (eq) {
		u->eq = gl_malloc((2 * EQ_MAX * EQ_MAX + 2 * EQ_MAX +
			MATRIX_WORK(EQ_MAX, EQ_MAX)) * sizeof *u->eq);
		u->eqi = gl_malloc(2 * EQ_MAX * sizeof *u->eqi);
	}
	if (rm) {
		size_t d = (size_t)g->max_length + 2;
		u->rm_reg = gl_malloc((size_t)cap * sizeof *u->rm_reg);
		u->rm_avg = gl_malloc((size_t)cap * sizeof *u->rm_avg);
		u->rmd1 = gl_malloc(d * sizeof *u->rmd1);
		if (lanes)
			u->lrmd = gl_malloc((size_t)u->lanes * d * sizeof *u->lrmd);
		u->rmd = u->rmd1;
	}
	if (lanes) {
		size_t nl = u->lanes, stride = (size_t)g->max_length + 2;
		u->lpath = gl_malloc(nl * stride * sizeof *u->lpath);
		u->lspath = gl_malloc(nl * stride * sizeof *u->lspath);
		u->ldepth = gl_malloc(nl * sizeof *u->ldepth);
		u->lns = gl_malloc(nl * sizeof *u->lns);
		u->lstride = (g->state_size + _Alignof(max_align_t) - 1) /
			_Alignof(max_align_t) * _Alignof(max_align_t);
		u->lstate = gl_malloc(nl * u->lstride);
		u->lgoal = gl_malloc(nl * g->nplayers * sizeof *u->lgoal);
		u->llen = gl_malloc(nl * sizeof *u->llen);
	}
	bool lmast = lanes && u->tau > 0 && gl_params_int(p, "lmast") != 0;
	u->lshare = (uint32_t)gl_params_int(p, "lshare");
	if (lmast) {
		size_t nl = u->lanes, room = g->max_length;
		u->lweight = gl_malloc((size_t)g->nplayers * (size_t)g->nactions *
			sizeof *u->lweight);
		u->ltrail.move = gl_malloc(nl * room * sizeof *u->ltrail.move);
		u->ltrail.who = gl_malloc(nl * room);
		u->ltrail.n = gl_malloc(nl * sizeof *u->ltrail.n);
		u->ltrail.cap = (int)room;
	}
	size_t nmark = (size_t)g->nplayers * (size_t)g->nactions;
	if (mast)
		u->mast = gl_malloc(nmark * sizeof *u->mast);
	if (u->tau > 0 || u->ppa > 0)
		u->weight = gl_malloc(g->max_legal * sizeof *u->weight);
	if (u->nst)
		u->grams = gl_calloc((size_t)1 << NST_BITS, sizeof *u->grams);
	bool tt = gl_params_int(p, "tt") != 0;
	if (tt) {
		size_t n = 1024;
		while (n < (size_t)cap / 2)
			n *= 2;
		u->tt_mask = n - 1;
		u->tt_key = gl_calloc(n, sizeof *u->tt_key);
		u->tt_n = gl_calloc(n, sizeof *u->tt_n);
		u->tt_sum = gl_calloc(n * g->nplayers, sizeof *u->tt_sum);
		u->tt_of = gl_malloc((size_t)cap * sizeof *u->tt_of);
	}
	if (u->grave > 0) {
		u->gidx = gl_malloc(nmark * sizeof *u->gidx);
		u->gstamp = gl_calloc(nmark, sizeof *u->gstamp);
	}
	if (u->rave > 0) {
		u->amaf = gl_malloc((size_t)cap * sizeof *u->amaf);
		u->mark_it = gl_calloc(nmark, sizeof *u->mark_it);
		u->mark_ply = gl_malloc(nmark * sizeof *u->mark_ply);
	}
	u->imb = g->nprops > 0 && g->nplayers <= 2 ?
		(double)kind_int(p, race, "imb", 40) / 100 : 0;
	u->hrate = (double)gl_params_int(p, "hrate") / 100;
	u->ihalf = (double)kind_int(p, race, "ihalf", 1000);
	u->ept = g->nprops > 0 && g->nplayers <= 2 && lanes ?
		(int)kind_int(p, race, "ept", 10) : 0;
	bool threat = false;
	if (u->imb > 0 || u->ept > 0) {
		u->nprops = g->nprops;
		if (gl_params_int(p, "hlines") && threats_fit(g)) {
			u->nthreat = THREAT_FEATURES(g->nplayers);
			threat = threats_init(&u->threat, g) != 0;
			if (lanes)
				u->lend = gl_malloc((size_t)u->lanes * u->lstride);
			threat |= lanes && !u->lend;
		}
		u->hw = gl_malloc(((size_t)u->nprops + 1 + u->nthreat) *
			g->nplayers * sizeof *u->hw);
		u->hidx = gl_malloc(((size_t)u->nprops + u->nthreat) *
			sizeof *u->hidx);
	}
	if (u->imb > 0)
		u->hv = gl_malloc((size_t)cap * g->nplayers * sizeof *u->hv);
	u->esolve = g->nplayers == 2 ? (int)gl_params_int(p, "esolve") : 0;
	u->es_clock = gl_params_at_default(p, "esolve");
	bool es = false;
	if (u->esolve > 0) {
		u->es_levels = g->max_length < ES_LEVELS_MAX ?
			(int)g->max_length : ES_LEVELS_MAX;
		u->es_tt = gl_calloc((size_t)1 << ES_BITS, sizeof *u->es_tt);
		u->es_key = gl_malloc(((size_t)g->max_legal + 1) *
			sizeof *u->es_key);
		es = !u->es_tt || !u->es_key || gl_scratch_init(&u->esw, g,
			u->es_levels, u->es_levels, NULL);
	}
	if (lgr)
		u->reply = gl_malloc(nmark * sizeof *u->reply);
	if (u->ppa > 0) {
		size_t room = 2 * (size_t)g->max_length * g->max_legal;
		u->ppa_room = room < PPA_ROOM ? room : PPA_ROOM;
		u->pol = gl_malloc(nmark * sizeof *u->pol);
		u->ppa_mv = gl_malloc(u->ppa_room * sizeof *u->ppa_mv);
		u->ppa_pr = gl_malloc(u->ppa_room * sizeof *u->ppa_pr);
		u->ppa_at = gl_malloc((2 * (size_t)g->max_length + 4) *
			sizeof *u->ppa_at);
	}
	bool trail = mast || u->rave > 0 || lgr || u->ppa > 0;
	if (trail) {
		u->trail = gl_malloc(((size_t)g->max_length + 1) * sizeof *u->trail);
		u->trail_who = gl_malloc((size_t)g->max_length + 1);
	}
	long factor = g->type->hidden && ids ? gl_params_int(p, "factor") : 0;
	u->factor = factor == 1;
	u->answer = factor == 2 && g->nplayers == 2;
	if (u->answer) {
		u->anum = gl_malloc(g->max_legal * sizeof *u->anum);
		u->aden = gl_malloc(g->max_legal * sizeof *u->aden);
	}
	if (u->factor || u->answer) {
		u->fpart = gl_malloc(nmark * 2 * sizeof *u->fpart);
		u->fkey = gl_malloc((size_t)g->nplayers * 2 * FAC_MAX *
			sizeof *u->fkey);
		u->fhash = gl_malloc(2 * (size_t)g->max_legal * sizeof *u->fhash);
		u->fseen = gl_calloc(2 * FAC_MAX, sizeof *u->fseen);
		u->fsum = gl_malloc(2 * FAC_MAX * sizeof *u->fsum);
		u->fvis = gl_malloc(2 * FAC_MAX * sizeof *u->fvis);
		u->fx = gl_malloc(g->max_legal * sizeof *u->fx);
	}
	bool fac = (u->factor || u->answer) && (!u->fpart || !u->fkey ||
		!u->fhash || !u->fseen || !u->fsum || !u->fvis || !u->fx ||
		(u->answer && (!u->anum || !u->aden)));
	/* reaches() goes one level per unseen choice of a round: fewer than
	 * the players */
	int levels = g->type->hidden ? (int)g->nplayers : 0;
	a->data = u;
	if (!u->nodes || !u->fwd || !u->path || !u->spath || !u->here || !u->cur ||
	    !u->cand || !u->x || (eq && (!u->xw || !u->eq || !u->eqi)) ||
	    (rm && (!u->xw || !u->rm_reg || !u->rm_avg ||
	    !u->rmd1 || (lanes && !u->lrmd))) ||
	    (lanes && (!u->lpath || !u->lspath || !u->ldepth || !u->lns ||
	    !u->lstate || !u->lgoal || !u->llen)) || (lmast && (!u->lweight ||
	    !u->ltrail.move || !u->ltrail.who || !u->ltrail.n)) ||
	    (mast && !u->mast) ||
	    ((u->tau > 0 || u->ppa > 0) && !u->weight) ||
	    (u->nst && !u->grams) || (lgr && !u->reply) || (u->ppa > 0 &&
	    (!u->pol || !u->ppa_mv || !u->ppa_pr || !u->ppa_at)) || (tt && (!u->tt_key || !u->tt_n ||
	    !u->tt_sum || !u->tt_of)) || (trail && (!u->trail || !u->trail_who)) ||
	    (u->rave > 0 && (!u->amaf || !u->mark_it || !u->mark_ply)) ||
	    (u->grave > 0 && (!u->gidx || !u->gstamp)) ||
	    (u->imb > 0 && (!u->hw || !u->hv || !u->hidx)) ||
	    (u->ept > 0 && (!u->hw || !u->hidx)) || threat || es || fac ||
	    gl_scratch_init(&u->w, g, LIST_REACH + levels, STATE_REACH + levels,
		NULL) || (u->msd > 1 &&
	    gl_scratch_init(&u->msw, g, u->msd - 1, u->msd - 1, NULL))) {
		uct_done(a);
		a->data = NULL;
		return gl_fail(err, GL_ENOMEM, "out of memory making agent uct "
			"(%ld nodes, %u moves a state)", cap, g->max_legal);
	}
	u->moves = gl_scratch_moves(&u->w, 0);
	u->mv = gl_scratch_moves(&u->w, 1);
	u->root_moves = gl_scratch_moves(&u->w, 2);
	u->s = gl_scratch_state(&u->w, 0);
	u->t = gl_scratch_state(&u->w, 1);
	u->look = gl_scratch_state(&u->w, 2);
	u->pmv = gl_scratch_moves(&u->w, 3);
	u->ps = gl_scratch_state(&u->w, 3);
	return 0;
}

/* Follow the match from state s: no tree, no pending moves. */
static void anchor(uct *u, const gl_game *g, const void *s)
{
	memcpy(u->here, s, g->state_size);
	memcpy(u->cur, s, g->state_size);
	u->npend = 0;
	u->known = true;
	u->root = NONE;
}

static int uct_begin(gl_agent *a, gl_err *err)
{
	(void)err;
	uct *u = a->data;
	a->game->type->start(a->game, u->s);
	anchor(u, a->game, u->s);
	u->used = 0;
	u->rounds = false;
	u->lsecs = u->lcpu = 0;
	u->luse = lanes_always(u);
	u->lacc = 0;
	u->ecut = false; /* a match's first batch is cut, as a fresh agent's */
	if (u->mast)
		memset(u->mast, 0, (size_t)a->game->nplayers *
			(size_t)a->game->nactions * sizeof *u->mast);
	if (u->grams)
		memset(u->grams, 0, ((size_t)1 << NST_BITS) * sizeof *u->grams);
	for (size_t i = 0; u->reply && i < (size_t)u->np * u->nact; i++)
		u->reply[i] = NONE;
	for (size_t i = 0; u->pol && i < (size_t)u->np * u->nact; i++)
		u->pol[i] = (ppa_entry){0, 1};
	if (u->hw)
		memset(u->hw, 0, ((size_t)u->nprops + 1 + u->nthreat) * u->np *
			sizeof *u->hw);
	if (u->nthreat)
		threats_reset(&u->threat);
	if (u->es_tt && u->es_dirty)
		memset(u->es_tt, 0, ((size_t)1 << ES_BITS) * sizeof *u->es_tt);
	u->es_dirty = false;
	u->es_first = true;
	u->es_desc = u->es_ends = 0;
	if (u->factor || u->answer) {
		for (unsigned p = 0; p < u->np; p++) {
			u->fsplit[p] = FAC_UNKNOWN;
			u->fn[p][0] = u->fn[p][1] = 0;
		}
		for (size_t i = 0; i < (size_t)u->np * u->nact * 2; i++)
			u->fpart[i] = FAC_UNKNOWN;
	}
	if (u->tt_key) {
		size_t n = u->tt_mask + 1;
		memset(u->tt_key, 0, n * sizeof *u->tt_key);
		memset(u->tt_n, 0, n * sizeof *u->tt_n);
		memset(u->tt_sum, 0, n * u->np * sizeof *u->tt_sum);
	}
	return 0;
}

static int hidden(const gl_game *g, const void *s)
{
	return g->type->hidden ? g->type->hidden(g, s) : 0;
}

/* A fresh tree: the arena emptied, the root for state `here`. */
static void new_tree(uct *u)
{
	node *r = &u->nodes[0];
	memset(r, 0, sizeof *r);
	r->who = -1;
	if (u->tt_of)
		u->tt_of[0] = NONE;
	for (unsigned p = 0; u->hv && p < u->np; p++)
		u->hv[p] = 50; /* the root's: read, never used */
	u->used = 1;
	u->root = 0;
	u->full = false;
}

/* Param states: node n's kept state (flag KEPT). */
static unsigned char *kept(const uct *u, int32_t n)
{
	return u->st + (size_t)n * u->ssize;
}

/* Nodes a and b's kept states swapped, through the scratch u->t, as
 * their nodes are (untried children, reordered). */
static void swap_kept(uct *u, int32_t a, int32_t b)
{
	memcpy(u->t, kept(u, a), u->ssize);
	memcpy(kept(u, a), kept(u, b), u->ssize);
	memcpy(kept(u, b), u->t, u->ssize);
}

/* The descent's step from s to its child c: c's kept state copied, or
 * c's move applied (and its state kept, where states are). Applying the
 * same move to the same state gives the same state, so the tree plays
 * alike either way, only faster with the states: a GDL game's apply()
 * runs its rules. A node is only ever reached through its parent, from
 * the state the root's moves give, so its kept state stays true while
 * it lives: flag KEPT is clear in a node made (new_tree(), expand()) but
 * where decisive=1's look ahead writes it, and where nodes move
 * (compact(), and among untried children decisive_first() and
 * mast_first()) their states move with them. */
static void to_child(uct *u, const gl_game *g, unsigned char *s, int32_t c)
{
	node *x = &u->nodes[c];
	if (x->flags & KEPT) {
		memcpy(s, kept(u, c), u->ssize);
		return;
	}
	g->type->apply(g, s, x->move);
	if (u->st) {
		memcpy(kept(u, c), s, u->ssize);
		x->flags |= KEPT;
	}
}

/* Keep only the subtree under the root, slid to the front of the arena;
 * with `prune`, only its part of at most half the arena that the search
 * visits most. A node's children (and a SIMUL node's statistics, right
 * after them) always lie above it, allocated when it is expanded, so one
 * ascending pass reaches the subtree, a second numbers the nodes kept
 * and a third slides each down to its number (never above itself); a
 * block of live nodes stays contiguous.
 *
 * Pruning: a node's children are kept while it has at least T visits
 * (the root's always), so a node is kept at threshold T when the fewest
 * visits among its ancestors below the root, its level, is at least T.
 * The first pass writes each node's level into fwd and counts the levels
 * by powers of two; T is the least power of two that keeps at most half
 * the arena. A kept node under T loses its children: a leaf again with
 * its statistics, expanded anew when a descent next reaches it. So a full
 * arena (expand() out of room) makes room where the search has been
 * least, and the tree goes on growing where it is now. Without pruning
 * (T 0) every node reached is kept. */
static void compact(uct *u, bool prune)
{
	uint32_t count[34] = {0}; /* nodes by level: 0, 1, 2-3, ..., root's */
	for (int32_t i = u->root; i < u->used; i++)
		u->fwd[i] = i == u->root ? LIVE : NONE;
	for (int32_t i = u->root; i < u->used; i++) {
		int32_t lv = u->fwd[i];
		if (lv == NONE)
			continue;
		if (prune)
			count[lv == LIVE ? 33 : lv == 0 ? 0 :
				32 - __builtin_clz((uint32_t)lv)]++;
		const node *n = &u->nodes[i];
		if (!(n->flags & EXPANDED))
			continue;
		if (i != u->root && n->visits < (uint32_t)lv)
			lv = (int32_t)n->visits;
		int32_t j = n->first;
		for (; j < n->first + n->nchild; j++)
			u->fwd[j] = lv;
		if (n->flags & SIMUL)
			for (; j < u->used && u->nodes[j].flags & STATS; j++)
				u->fwd[j] = lv;
	}
	uint32_t t = 0; /* the threshold */
	if (prune) {
		uint64_t nkept = count[33];
		int b = 33; /* the levels kept: count[b..33] */
		while (b > 0 && nkept + count[b - 1] <= (uint64_t)u->cap / 2)
			nkept += count[--b];
		t = b == 0 ? 0 : b == 33 ? LIVE : 1u << (b - 1);
	}
	int32_t next = 0;
	for (int32_t i = u->root; i < u->used; i++)
		u->fwd[i] = u->fwd[i] != NONE && (uint32_t)u->fwd[i] >= t ?
			next++ : NONE;
	for (int32_t i = u->root; i < u->used; i++) {
		if (u->fwd[i] == NONE)
			continue;
		node n = u->nodes[i];
		if (n.flags & EXPANDED && i != u->root && n.visits < t) {
			n.flags &= (uint8_t)~(EXPANDED | SIMUL | SEARCHED);
			n.first = n.nchild = n.ntried = 0;
		} else if (n.flags & EXPANDED) {
			n.first = u->fwd[n.first];
		}
		u->nodes[u->fwd[i]] = n;
		if (u->amaf)
			u->amaf[u->fwd[i]] = u->amaf[i];
		if (u->rm_reg) {
			u->rm_reg[u->fwd[i]] = u->rm_reg[i];
			u->rm_avg[u->fwd[i]] = u->rm_avg[i];
		}
		if (u->hv)
			memmove(&u->hv[(size_t)u->fwd[i] * u->np],
				&u->hv[(size_t)i * u->np], u->np * sizeof *u->hv);
		if (u->tt_of)
			u->tt_of[u->fwd[i]] = u->tt_of[i];
		if (n.flags & KEPT)
			memmove(kept(u, u->fwd[i]), kept(u, i), u->ssize);
	}
	u->root = 0;
	u->used = next;
	u->full = false;
}

/* Whether state t ends the game with the mover's top goal (100). */
static bool won(const gl_game *g, const void *t, int mover)
{
	if (!g->type->terminal(g, t))
		return false;
	int goals[GL_PLAYERS_MAX];
	g->type->goals(g, t, goals);
	return goals[mover] == 100;
}

/* The state of node i, a child of the node whose state is s, for a look
 * ahead: kept (flag KEPT) where the states are, else made in the scratch
 * u->t; a state already kept is not made again. */
static unsigned char *child_state(uct *u, const gl_game *g, const void *s,
	int32_t i)
{
	node *c = &u->nodes[i];
	unsigned char *t = u->st ? kept(u, i) : u->t;
	if (!(c->flags & KEPT)) {
		memcpy(t, s, u->ssize);
		g->type->apply(g, t, c->move);
		if (u->st)
			c->flags |= KEPT;
	}
	return t;
}

/* Decisive moves (Teytaud and Teytaud, "On the Huge Benefit of Decisive
 * Moves in Monte-Carlo Tree Search Algorithms", CIG 2010): the index of
 * the first of moves[0..k) from s that ends the game with its mover's top
 * goal (100), or -1; t is scratch for a state. Costs an apply() and a
 * terminal() a move until one wins. */
static int win_at(const gl_game *g, const void *s, const gl_action *moves,
	int k, int mover, void *t)
{
	for (int i = 0; i < k; i++) {
		memcpy(t, s, g->state_size);
		g->type->apply(g, t, moves[i]);
		if (won(g, t, mover))
			return i;
	}
	return -1;
}

/* Whether m is one of moves[0..k). */
static bool listed(const gl_action *moves, int k, gl_action m)
{
	for (int i = 0; i < k; i++)
		if (moves[i] == m)
			return true;
	return false;
}

/* Decisive moves in the tree: the first of the k children at `first`
 * (all of one mover's, just made) whose move from s wins at once, as
 * win_at() would find it, is swapped to the front, so that it is the child
 * tried first, and the solver proves the node won at its next visit.
 * Where the tree keeps states (param states), each child's state looked
 * at is kept: the descent that first reaches the child copies it instead
 * of applying the move again, so for the children a descent reaches the
 * look ahead costs a terminal() each, not an apply() too. The same
 * children either way. Not at a hidden ply, whose children keep the
 * order of the round's statistics (descend() takes a child by its
 * statistics node's index). */
static void decisive_first(uct *u, const gl_game *g, const void *s,
	int32_t first, int k, int mover)
{
	for (int i = 0; i < k; i++) {
		node *c = &u->nodes[first + i];
		if (!won(g, child_state(u, g, s, first + i), mover))
			continue;
		if (i > 0) {
			node *c0 = &u->nodes[first];
			gl_action x = c0->move;
			c0->move = c->move;
			c->move = x;
			if (u->st) /* both kept */
				swap_kept(u, first, first + i);
		}
		return;
	}
}

/* Expand node n (state s, not yet expanded): mark it terminal, or give it
 * one child per legal move, in random order (at a hidden ply: in legal()
 * order, the order of the round's statistics). Where a round of several
 * choosers starts, the statistics nodes of the later choosers follow the
 * children, found by playing the first legal move of each chooser in
 * turn. Returns false when the arena has no room (n stays a leaf). */
static bool expand(uct *u, gl_agent *a, int32_t n, const void *s)
{
	const gl_game *g = a->game;
	gl_action *moves = u->moves;
	int k = g->type->legal(g, s, moves);
	node *nd = &u->nodes[n];
	if (k == 0) {
		nd->flags |= TERMINAL;
		return true;
	}
	if (u->used > u->cap - k) {
		u->full = true;
		return false;
	}
	int32_t end = u->used + k;
	bool inside = false; /* the children are hidden plies */
	if (g->type->hidden) {
		unsigned char *t = u->t;
		gl_action *mv = u->mv;
		memcpy(t, s, g->state_size);
		g->type->apply(g, t, moves[0]);
		inside = g->type->hidden(g, t) > 0;
		for (bool more = inside && !(nd->flags & HIDDEN); more;) {
			int m = g->type->legal(g, t, mv);
			if (end > u->cap - m) {
				u->full = true;
				return false;
			}
			int8_t who = (int8_t)g->type->to_move(g, t);
			for (int i = 0; i < m; i++) {
				node *x = &u->nodes[end++];
				memset(x, 0, sizeof *x);
				x->move = mv[i];
				x->who = who;
				x->flags = STATS;
			}
			g->type->apply(g, t, mv[0]);
			more = m > 0 && g->type->hidden(g, t) > 0;
		}
	}
	if (!(nd->flags & HIDDEN))
		for (int i = k - 1; i > 0; i--) {
			int j = (int)gl_rng_below(&a->rng, (uint32_t)i + 1);
			gl_action t = moves[i];
			moves[i] = moves[j];
			moves[j] = t;
		}
	int8_t mover = (int8_t)g->type->to_move(g, s);
	nd->first = u->used;
	nd->nchild = k;
	nd->ntried = 0;
	nd->flags |= EXPANDED;
	if (end > u->used + k) {
		nd->flags |= SIMUL;
		u->rounds = true;
	}
	if (u->amaf)
		memset(&u->amaf[u->used], 0, (size_t)(end - u->used) * sizeof *u->amaf);
	if (u->rm_reg) {
		memset(&u->rm_reg[u->used], 0, (size_t)(end - u->used) *
			sizeof *u->rm_reg);
		memset(&u->rm_avg[u->used], 0, (size_t)(end - u->used) *
			sizeof *u->rm_avg);
	}
	for (int32_t i = u->used; u->tt_of && i < end; i++)
		u->tt_of[i] = NONE;
	for (int i = 0; i < k; i++) {
		node *c = &u->nodes[u->used + i];
		memset(c, 0, sizeof *c);
		c->move = moves[i];
		c->who = mover;
		c->flags = inside ? HIDDEN : 0;
	}
	if (u->decisive && !inside && !(nd->flags & HIDDEN))
		decisive_first(u, g, s, u->used, k, mover);
	u->used = end;
	return true;
}

/* Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant,
 * "Monte Carlo Tree Search with Heuristic Evaluations using Implicit
 * Minimax Backups", CIG 2014), param imb, with a heuristic learnt during
 * the match: every player's value at a state predicted by a logistic
 * model over the state's propositions (g->nprops: the gdl type's base
 * propositions), 100 / (1 + exp(-z)), z a bias plus the weights of the
 * propositions true there, fitted by stochastic gradient to the values
 * of the iterations' playouts from the tree's leaves. A node keeps, for
 * every player, the minimax over its visited subtree of the heuristic at
 * its leaves (the value proven where it is proven), and selection mixes
 * it into a child's mean. Off in a match that has met a round of
 * simultaneous moves: decoupled rounds have no minimax. */

/* The heuristic's sums z[0..np) at s; the features true there into
 * u->hidx (the propositions in increasing order, then the threats, after
 * the bias: nprops + 1 + k); returns their number. */
static unsigned heur_sums(uct *u, const unsigned char *s, double *z)
{
	size_t np = u->np, nw = ((size_t)u->nprops + 63) / 64;
	const float *w = u->hw;
	unsigned n = 0;
	for (size_t k = 0; k < nw; k++) {
		uint64_t x;
		memcpy(&x, s + 8 * k, sizeof x);
		if ((k + 1) * 64 > u->nprops)
			x &= ((uint64_t)1 << (u->nprops % 64)) - 1;
		for (; x; x &= x - 1)
			u->hidx[n++] = (uint32_t)(k * 64 + (size_t)__builtin_ctzll(x));
	}
	if (u->nthreat)
		n += threats_active(&u->threat, s, u->hidx + n, u->nprops + 1);
	for (size_t p = 0; p < np; p++)
		z[p] = w[(size_t)u->nprops * np + p];
	for (unsigned i = 0; i < n; i++) {
		const float *wi = w + (size_t)u->hidx[i] * np;
		for (size_t p = 0; p < np; p++)
			z[p] += wi[p];
	}
	return n;
}

/* The heuristic's values at s, every player's, into v. */
static void heur_values(uct *u, const unsigned char *s, double *v)
{
	heur_sums(u, s, v);
	for (unsigned p = 0; p < u->np; p++)
		v[p] = 100 / (1 + exp(-v[p]));
}

/* The heuristic's values at s into node n's implicit minimax values. */
static void heur_eval(uct *u, int32_t n, const unsigned char *s)
{
	double v[GL_PLAYERS_MAX];
	heur_values(u, s, v);
	for (unsigned p = 0; p < u->np; p++)
		u->hv[(size_t)n * u->np + p] = (float)v[p];
}

/* One gradient step of the heuristic at s towards the values val. */
static void heur_learn(uct *u, const unsigned char *s, const double *val)
{
	double z[GL_PLAYERS_MAX], d[GL_PLAYERS_MAX];
	size_t np = u->np;
	unsigned n = heur_sums(u, s, z);
	for (size_t p = 0; p < np; p++)
		d[p] = u->hrate * (val[p] / 100 - 1 / (1 + exp(-z[p]))) / (n + 1);
	float *w = u->hw;
	for (size_t p = 0; p < np; p++)
		w[(size_t)u->nprops * np + p] += (float)d[p];
	for (unsigned i = 0; i < n; i++) {
		float *wi = w + (size_t)u->hidx[i] * np;
		for (size_t p = 0; p < np; p++)
			wi[p] += (float)d[p];
	}
}

/* Whether the implicit minimax values are kept and used now. */
static bool imb_on(const uct *u)
{
	return u->imb > 0 && !u->rounds;
}

/* Node c's implicit minimax value for player p: exact where proven. */
static double imb_value(const uct *u, const node *c, int p)
{
	return c->flags & PROVEN ? c->proof[p] :
		u->hv[(size_t)(c - u->nodes) * u->np + (size_t)p];
}

/* Child c's value for player p in selection, from its mean: mixed with
 * its implicit minimax value where those are used. */
static double mixed(const uct *u, const node *c, int p, double mean)
{
	if (!imb_on(u) || c->flags & PROVEN)
		return mean;
	double w = u->ihalf > 0 ? u->imb * u->ihalf / (u->ihalf + c->visits) :
		u->imb;
	return (1 - w) * mean + w * imb_value(u, c, p);
}

/* The implicit minimax values of the descent's nodes (u->path), from its
 * leaf up: each node takes those of its visited child best for its mover,
 * until a node's do not change. */
static void imb_backup(uct *u)
{
	size_t np = u->np;
	for (int i = u->depth - 1; i > 0; i--) {
		int32_t n = u->path[i - 1];
		const node *nd = &u->nodes[n];
		int m = mover_of(u, nd);
		const node *best = NULL;
		double top = -1;
		for (int k = 0; k < nd->ntried; k++) {
			const node *c = &u->nodes[nd->first + k];
			double v = imb_value(u, c, m);
			if (c->visits > 0 && v > top) {
				top = v;
				best = c;
			}
		}
		if (!best)
			return;
		float *h = &u->hv[(size_t)n * np], nv[GL_PLAYERS_MAX];
		for (size_t p = 0; p < np; p++)
			nv[p] = (float)imb_value(u, best, (int)p);
		if (memcmp(h, nv, np * sizeof *h) == 0)
			return;
		memcpy(h, nv, np * sizeof *h);
	}
}

/* GRAVE (Cazenave, "Generalized Rapid Action Value Estimation", IJCAI
 * 2015): the node whose AMAF statistics the selection at the descent's
 * last node (u->path[u->depth - 1]) uses: the nearest node of the path,
 * that node included, where the same player chooses (so that its
 * children's AMAF entries are that player's moves) and that has `grave`
 * visits; without one, the highest such node (the root's level). Its
 * children's indices are filled into gidx by move, once per node and
 * player until another node is the reference (entries stamped, never
 * cleared). Returns the player's row of gidx, NONE where the reference
 * has no child for a move. */
static const int32_t *grave_children(uct *u)
{
	int32_t n = u->path[u->depth - 1];
	int p = mover_of(u, &u->nodes[n]);
	int32_t r = n;
	for (int i = u->depth - 2; i >= 0 && u->nodes[r].visits < u->grave; i--) {
		const node *x = &u->nodes[u->path[i]];
		if ((x->flags & (EXPANDED | HIDDEN)) == EXPANDED && x->nchild > 0 &&
		    mover_of(u, x) == p)
			r = u->path[i];
	}
	int32_t *gx = u->gidx + (size_t)p * u->nact;
	uint32_t *gs = u->gstamp + (size_t)p * u->nact;
	if (u->gnode[p] != r) {
		if (++u->gen[p] == 0) { /* wrapped: old stamps would look current */
			memset(gs, 0, u->nact * sizeof *gs);
			u->gen[p] = 1;
		}
		const node *x = &u->nodes[r];
		for (int32_t j = x->first; j < x->first + x->nchild; j++) {
			gx[u->nodes[j].move] = j;
			gs[u->nodes[j].move] = u->gen[p];
		}
		u->gnode[p] = r;
	}
	const node *nd = &u->nodes[n];
	for (int32_t j = nd->first; j < nd->first + nd->nchild; j++) {
		gl_action m = u->nodes[j].move;
		if (gs[m] != u->gen[p])
			gx[m] = NONE; /* stale: not a child of r */
	}
	return gx;
}

/* Param factor (move groups: Childs, Brodeur and Kocsis, "Transpositions
 * and Move Groups in Monte Carlo Tree Search", CIG 2008; here the groups
 * are a factoring of the moves, each part its own bandit): a player
 * whose moves at a round are every pair of a part A and a part B, as
 * blockerParallel's (mark x1 y1 x2 y2) a cell of each board, chooses A
 * by UCT over each A's totals summed over the moves that have it, and B
 * likewise, so that 256 moves are learnt as 16 and 16. The parts are
 * read from the moves' text: the arguments before and after the split,
 * which is fixed for a player at its first round of two or more moves
 * (of the splits whose parts pair into every move there, the most even,
 * the first of equals; none: the player's moves are never split). */

/* The top-level arguments of move text t, "(f a1 a2 ...)": their starts
 * in at[0..k) and at[k] the closing parenthesis. Returns k, or -1 for a
 * move without arguments or with more than FAC_ARGS_MAX. */
static int fac_args(const char *t, int *at)
{
	int k = 0, i = 0;
	if (t[i++] != '(')
		return -1;
	while (t[i] && t[i] != ' ' && t[i] != ')')
		i++; /* the name */
	for (;;) {
		while (t[i] == ' ')
			i++;
		if (t[i] == ')' || !t[i])
			break;
		if (k == FAC_ARGS_MAX)
			return -1;
		at[k++] = i;
		for (int depth = 0; t[i]; i++) {
			if (t[i] == '(')
				depth++;
			else if (t[i] == ')' && depth-- == 0)
				break;
			else if (t[i] == ' ' && depth == 0)
				break;
		}
	}
	at[k] = i;
	return k > 0 ? k : -1;
}

/* The hashes of move m's two parts split before argument k, or false
 * where the move has not nargs arguments. */
static bool fac_parts(const gl_game *g, const void *s, gl_action m,
	int k, int nargs, uint64_t *h)
{
	char t[512];
	int at[FAC_ARGS_MAX + 1];
	if (g->type->format_move(g, s, m, t, sizeof t) >= (int)sizeof t ||
	    fac_args(t, at) != nargs)
		return false; /* cut short, or of another shape */
	h[0] = gl_hash_fnv1a(t + at[0], (size_t)(at[k] - at[0]));
	h[1] = gl_hash_fnv1a(t + at[k], (size_t)(at[nargs] - at[k]));
	return true;
}

/* Distinct values among h[0..n) (n small: once a player a match). */
static int fac_distinct(const uint64_t *h, int n)
{
	int d = 0;
	for (int i = 0; i < n; i++) {
		int j = 0;
		while (j < i && h[j] != h[i])
			j++;
		d += j == i;
	}
	return d;
}

/* Fix player p's split from its moves x[0..n) at its first round. */
static void fac_split(uct *u, const gl_game *g, int p, const node *const *x,
	int n)
{
	char t[512];
	int at[FAC_ARGS_MAX + 1], best = 0, gap = 0;
	u->fsplit[p] = 0;
	if (n > FAC_LIST_MAX || g->type->format_move(g, u->here, x[0]->move, t,
	    sizeof t) >= (int)sizeof t)
		return;
	int nargs = fac_args(t, at);
	if (nargs < 2)
		return;
	uint64_t *ha = u->fhash, *hb = u->fhash + n;
	for (int k = 1; k < nargs; k++) {
		uint64_t h[2];
		int i = 0;
		for (; i < n; i++) {
			if (!fac_parts(g, u->here, x[i]->move, k, nargs, h))
				break;
			ha[i] = h[0];
			hb[i] = h[1];
		}
		if (i < n)
			return; /* moves of different shapes */
		int da = fac_distinct(ha, n), db = fac_distinct(hb, n);
		if (da < 2 || db < 2 || (long)da * db != n || da > FAC_MAX ||
		    db > FAC_MAX)
			continue;
		if (best == 0 || abs(da - db) < gap) {
			best = k;
			gap = abs(da - db);
		}
	}
	u->fsplit[p] = best;
	u->fargs[p] = nargs;
}

/* The id of side `side`'s part of hash h for player p, or -1 when the
 * side has FAC_MAX parts already. */
static int fac_intern(uct *u, int p, int side, uint64_t h)
{
	uint64_t *key = u->fkey + ((size_t)p * 2 + (size_t)side) * FAC_MAX;
	int *n = &u->fn[p][side];
	for (int i = 0; i < *n; i++)
		if (key[i] == h)
			return i;
	if (*n == FAC_MAX)
		return -1;
	key[*n] = h;
	return (*n)++;
}

/* Player p's move m's two part ids into ab[0..2); false if it has none. */
static bool fac_of(uct *u, const gl_game *g, int p, gl_action m, int *ab)
{
	int16_t *e = u->fpart + ((size_t)p * u->nact + (size_t)m) * 2;
	if (e[0] == FAC_UNKNOWN) {
		uint64_t h[2];
		e[0] = e[1] = -1;
		if (fac_parts(g, u->here, m, u->fsplit[p], u->fargs[p], h)) {
			int a = fac_intern(u, p, 0, h[0]);
			int b = fac_intern(u, p, 1, h[1]);
			if (a >= 0 && b >= 0) {
				e[0] = (int16_t)a;
				e[1] = (int16_t)b;
			}
		}
	}
	ab[0] = e[0];
	ab[1] = e[1];
	return e[0] >= 0;
}

/* Player p's moves x[0..n) at a round totalled by part (its split fixed
 * at its first round of four or more moves): each part met marked with
 * the stamp returned in *stamp, its visits and values (proofs for
 * proven moves) summed in fvis and fsum. False where the moves have no
 * two parts of two or more each, or are not every pair of their parts
 * (a part's choice could then be illegal). */
static bool fac_totals(uct *u, const gl_game *g, int p, const node *const *x,
	int n, uint32_t *stamp)
{
	if (n < 4)
		return false;
	if (u->fsplit[p] == FAC_UNKNOWN)
		fac_split(u, g, p, x, n);
	if (u->fsplit[p] == 0)
		return false;
	uint32_t t = ++u->fstamp;
	if (t == 0) { /* wrapped: forget every mark */
		memset(u->fseen, 0, 2 * FAC_MAX * sizeof *u->fseen);
		t = ++u->fstamp;
	}
	*stamp = t;
	int dist[2] = {0, 0}, ab[2];
	for (int i = 0; i < n; i++) {
		if (!fac_of(u, g, p, x[i]->move, ab))
			return false;
		double v = x[i]->visits, sum = x[i]->flags & PROVEN ?
			x[i]->proof[p] * v : x[i]->sum;
		for (int side = 0; side < 2; side++) {
			int j = side * FAC_MAX + ab[side];
			if (u->fseen[j] != t) {
				u->fseen[j] = t;
				u->fsum[j] = u->fvis[j] = 0;
				dist[side]++;
			}
			u->fsum[j] += sum;
			u->fvis[j] += v;
		}
	}
	return (long)dist[0] * dist[1] == n;
}

/* The index of player p's move among x[0..n) whose parts are want[0]
 * and want[1], or -1. */
static int fac_find(uct *u, const gl_game *g, int p, const node *const *x,
	int n, const int *want)
{
	int ab[2];
	for (int i = 0; i < n; i++) {
		fac_of(u, g, p, x[i]->move, ab);
		if (ab[0] == want[0] && ab[1] == want[1])
			return i;
	}
	return -1;
}

/* Player p's choice among its moves x[0..n) at a round (each tried once
 * already), by their parts: by UCT over each part's totals, or when
 * `play`, each part drawn in proportion to its visits among those with
 * mixcut percent of the most visited's (the move to play). Returns the
 * move's index, or -1 where the moves are not every pair of their parts
 * (or, playing, none has a visit). */
static int factor_pick(uct *u, gl_agent *a, int p, const node *const *x,
	int n, bool play)
{
	const gl_game *g = a->game;
	uint32_t stamp;
	if (!fac_totals(u, g, p, x, n, &stamp))
		return -1;
	double total = 0;
	for (int i = 0; i < n; i++)
		total += x[i]->visits;
	if (play && total == 0)
		return -1;
	int want[2];
	double logn = log(total > 1 ? total : 1);
	for (int side = 0; side < 2; side++) {
		int base = side * FAC_MAX, nparts = u->fn[p][side];
		double best = -1, top = 0, kept = 0;
		want[side] = -1;
		for (int j = 0; j < nparts; j++) {
			if (u->fseen[base + j] != stamp)
				continue;
			double v = u->fvis[base + j];
			if (!play) {
				double val = v > 0 ? u->fsum[base + j] / v +
					u->c * sqrt(logn / v) : 1e300;
				if (val > best) {
					best = val;
					want[side] = j;
				}
			} else if (v > top) {
				top = v;
			}
		}
		if (!play)
			continue;
		for (int j = 0; j < nparts; j++)
			if (u->fseen[base + j] == stamp &&
			    100.0 * u->fvis[base + j] >= u->mixcut * top)
				kept += u->fvis[base + j];
		double r = gl_rng_unit(&a->rng) * kept;
		for (int j = 0; j < nparts; j++) {
			if (u->fseen[base + j] != stamp ||
			    100.0 * u->fvis[base + j] < u->mixcut * top)
				continue;
			if (!u->mix) { /* the most visited */
				if (want[side] < 0 || u->fvis[base + j] >
				    u->fvis[base + want[side]])
					want[side] = j;
				continue;
			}
			want[side] = j;
			if ((r -= u->fvis[base + j]) < 0)
				break;
		}
	}
	return fac_find(u, g, p, x, n, want);
}

/* Param factor=2: player p's value over the visits of J, a joint move's
 * node at a round of two players, into *sum and *vis (0 where it is not
 * known): the proof; the node's own where p chose last (its `who`); else
 * its children's, the next round's moves, where p chooses first. */
static void answer_value(const uct *u, int p, const node *j, double *sum,
	double *vis)
{
	const node *nd = u->nodes;
	*sum = *vis = 0;
	if (j->flags & PROVEN) {
		*vis = j->visits;
		*sum = j->proof[p] * *vis;
	} else if (j->who == p) {
		*vis = j->visits;
		*sum = j->sum;
	} else if (j->flags & EXPANDED && nd[j->first].who == p) {
		for (int32_t i = j->first; i < j->first + j->ntried; i++) {
			const node *c = &nd[i];
			*vis += c->visits;
			*sum += c->flags & PROVEN ? c->proof[p] * (double)c->visits :
				c->sum;
		}
	}
}

/* At round r of two choosers, x[0] one of a player's own moves there
 * (r's children where it chooses first, its statistics nodes where
 * second): the other chooser's moves into *other, *m of them (r's
 * statistics nodes, or its children). Returns whether the player chooses
 * second. */
static bool round_other(const uct *u, const gl_game *g, const node *r,
	const node *const *x, const node **other, int *m)
{
	const node *nd = u->nodes;
	bool second = (x[0]->flags & STATS) != 0;
	int32_t st = r->first + r->nchild; /* the second chooser's statistics */
	int k = 0;
	if (second)
		k = r->nchild;
	else
		while (k < (int)g->max_legal && st + k < u->used &&
		       nd[st + k].flags & STATS)
			k++;
	*other = second ? &nd[r->first] : &nd[st];
	*m = k;
	return second;
}

/* The joint move's node at round r (round_other()) of the player's move
 * mine and the other's j-th move oth, or NULL where it is not in the
 * tree: the child of the first chooser's move at the second's index. */
static const node *joint_of(const uct *u, const node *r, bool second,
	const node *mine, const node *oth, int j)
{
	const node *c = second ? oth : mine;
	int32_t at = second ? (int32_t)(mine - u->nodes) - (r->first +
		r->nchild) : j;
	if (!(c->flags & EXPANDED) || at >= c->nchild)
		return NULL;
	return &u->nodes[c->first + at];
}

/* Param factor=2: player p's move at round r of two players, its moves
 * x[0..n) (r's children where it chooses first, its statistics nodes
 * where second) every pair of two parts. On each side, among the parts
 * with mixcut percent of the most visited part's visits, the part whose
 * value against the other's moves, weighted by their visits at r (the
 * agent's model of the other's draw), is best: against the other's move
 * b, a part's mean over the joint moves of the moves that have it with b
 * (answer_value()). Returns the move's index, or -1 where it does not
 * apply (moves not every pair of parts, nothing visited). */
static int answer_pick(uct *u, gl_agent *a, const node *r,
	const node *const *x, int n)
{
	const gl_game *g = a->game;
	int p = a->role;
	if (!(r->flags & SIMUL))
		return -1;
	const node *other;
	int m;
	bool second = round_other(u, g, r, x, &other, &m);
	double ototal = 0;
	for (int j = 0; j < m; j++)
		ototal += other[j].visits;
	uint32_t stamp;
	if (ototal == 0 || !fac_totals(u, g, p, x, n, &stamp))
		return -1;
	int want[2] = {-1, -1}, ab[2];
	for (int side = 0; side < 2; side++) {
		int base = side * FAC_MAX, nparts = u->fn[p][side];
		double top = 0, best = -1;
		for (int k = 0; k < nparts; k++)
			if (u->fseen[base + k] == stamp && u->fvis[base + k] > top)
				top = u->fvis[base + k];
		for (int k = 0; k < nparts; k++) {
			if (u->fseen[base + k] != stamp || top == 0 ||
			    100.0 * u->fvis[base + k] < u->mixcut * top)
				continue;
			for (int j = 0; j < m; j++)
				u->anum[j] = u->aden[j] = 0;
			for (int i = 0; i < n; i++) {
				fac_of(u, g, p, x[i]->move, ab);
				if (ab[side] != k)
					continue;
				for (int j = 0; j < m; j++) {
					const node *jn = joint_of(u, r, second,
						x[i], &other[j], j);
					if (!jn)
						continue;
					double sum, vis;
					answer_value(u, p, jn, &sum, &vis);
					u->anum[j] += sum;
					u->aden[j] += vis;
				}
			}
			double num = 0, den = 0;
			for (int j = 0; j < m; j++)
				if (u->aden[j] > 0) {
					num += other[j].visits * u->anum[j] /
						u->aden[j];
					den += other[j].visits;
				}
			double v = den > 0 ? num / den : 0;
			if (want[side] < 0 || v > best) {
				best = v;
				want[side] = k;
			}
		}
	}
	return fac_find(u, g, p, x, n, want);
}

/* A node's mean for the player that chose it. */
static double mean_of(const node *c)
{
	return c->flags & PROVEN ? c->proof[c->who] :
		c->visits > 0 ? c->sum / c->visits : 0;
}

/* Param mix=4: the EQ_MAX most visited of moves v[0..n) (px[k], or
 * arr[k] without px) with EQ_CUT percent of the top visits, their
 * indices into idx. Returns how many. */
static int eq_moves(const node *const *px, const node *arr, int n, int *idx)
{
#define V(k) ((px ? px[k] : &arr[k])->visits)
	double top = 0;
	for (int k = 0; k < n; k++)
		if (V(k) > top)
			top = V(k);
	int c = 0;
	for (int k = 0; k < n && top > 0; k++) {
		if (100.0 * V(k) < EQ_CUT * top)
			continue;
		if (c < EQ_MAX) {
			idx[c++] = k;
			continue;
		}
		int lo = 0; /* full: the least visited gives way */
		for (int i = 1; i < c; i++)
			if (V(idx[i]) < V(idx[lo]))
				lo = i;
		if (V(k) > V(idx[lo]))
			idx[lo] = k;
	}
#undef V
	return c;
}

/* Param mix=4: the weights wt[0..n) of the player's moves x[0..n) at the
 * root's round r, the move played drawn by them (pick_simul(), above
 * mixcut): its strategy in the round's matrix game, solved, 0 for the
 * moves outside it. Returns false where there is no such game (not a round
 * of two choosers, nothing visited). The game's moves: each chooser's
 * moves with at least EQ_CUT percent of its most visited move's visits,
 * the EQ_MAX most visited of them; its payoffs, for each chooser, its mean
 * over the joint move's visits in the tree (answer_value()), shrunk toward
 * its own move's mean over the round by EQ_PRIOR visits of that, so that a
 * joint move seldom or never tried is valued as its move is. Solved by
 * EQ_ITERS iterations of regret matching+ (matrix_solve(); in a game of
 * constant sum it approaches an equilibrium). Decoupled UCT's visits need
 * not approach a round's equilibrium: a chooser whose most visited move is
 * read by the other's search is blocked there (blockerParallel's crosser,
 * docs/GGP_STRENGTH.md, thirty-first and thirty-fifth rounds); the joint
 * moves' values say so, the visits do not. Where the joint nodes hold no
 * values of the first chooser's own (solve=0 at an end, expand above 1
 * before they grow children: answer_value()), its row is its move's mean
 * throughout. (EQ_MAX and the others: above.) */
static bool eq_weights(uct *u, gl_agent *a, const node *r,
	const node *const *x, int n, double *wt)
{
	const gl_game *g = a->game;
	if (!(r->flags & SIMUL) || n == 0 || g->nplayers != 2)
		return false;
	const node *other;
	int m;
	bool second = round_other(u, g, r, x, &other, &m);
	int *ri = u->eqi, *ci = u->eqi + EQ_MAX;
	int nr = eq_moves(x, NULL, n, ri), nc = eq_moves(NULL, other, m, ci);
	if (nr == 0 || nc == 0)
		return false;
	int me = a->role, you = other[0].who;
	double *A = u->eq, *B = A + EQ_MAX * EQ_MAX, *x1 = B + EQ_MAX * EQ_MAX,
		*x2 = x1 + EQ_MAX, *w = x2 + EQ_MAX; /* w: MATRIX_WORK */
	for (int i = 0; i < nr; i++)
		for (int j = 0; j < nc; j++) {
			const node *xi = x[ri[i]], *oj = &other[ci[j]];
			const node *jn = joint_of(u, r, second, xi, oj, ci[j]);
			double sum = 0, vis = 0;
			if (jn)
				answer_value(u, me, jn, &sum, &vis);
			A[i * nc + j] = (sum + EQ_PRIOR * mean_of(xi)) /
				(vis + EQ_PRIOR);
			sum = vis = 0;
			if (jn)
				answer_value(u, you, jn, &sum, &vis);
			B[i * nc + j] = (sum + EQ_PRIOR * mean_of(oj)) /
				(vis + EQ_PRIOR);
		}
	matrix_solve(A, B, nr, nc, EQ_ITERS, w, x1, x2);
	for (int k = 0; k < n; k++)
		wt[k] = 0;
	for (int i = 0; i < nr; i++)
		wt[ri[i]] = x1[i];
	return true;
}

/* The child of n with the best UCT value (all children tried), plus with
 * progressive history (Nijssen and Winands, "Enhancements for
 * Multi-Player Monte-Carlo Tree Search", CG 2010) W * H / (l + 1): H the
 * move's mean goal for its mover over all iterations (MAST's table), l
 * the child's losses (visits less its mean goal's share of them), so
 * that the history's pull fades where the tree's own statistics grow. */
static int32_t select_child(uct *u, const node *nd)
{
	double logn = log((double)nd->visits);
	double best = -1;
	int32_t pick = nd->first;
	const mast_entry *q = u->history > 0 ?
		u->mast + (size_t)mover_of(u, nd) * u->nact : NULL;
	const int32_t *gx = u->grave ? grave_children(u) : NULL;
	for (int k = 0; k < nd->nchild; k++) {
		const node *c = &u->nodes[nd->first + k];
		int32_t e = u->tt_of ? u->tt_of[nd->first + k] : NONE;
		double mean = c->flags & PROVEN ? c->proof[mover_of(u, nd)] :
			e != NONE && u->tt_n[e] > 0 ?
			u->tt_sum[(size_t)e * u->np + (size_t)c->who] / u->tt_n[e] :
			c->sum / c->visits;
		double v = mixed(u, c, mover_of(u, nd), mean);
		if (gx && !(c->flags & PROVEN)) {
			int32_t j = gx[c->move];
			const amaf_entry *x = j != NONE ? &u->amaf[j] : NULL;
			if (x && x->n > 0) {
				double an = x->n, beta = an / (an + c->visits +
					1e-5 * an * c->visits);
				v = (1 - beta) * mean + beta * x->sum / x->n;
			}
		} else if (u->amaf && !(c->flags & PROVEN)) {
			const amaf_entry *x = &u->amaf[nd->first + k];
			double beta = sqrt(u->rave / (3.0 * c->visits + u->rave));
			if (x->n > 0)
				v = (1 - beta) * mean + beta * x->sum / x->n;
		}
		v += u->c * sqrt(logn / c->visits);
		if (q) {
			double h = mast_mean(&q[c->move], 0);
			v += u->history * h / (c->visits * (1 - mean / 100) + 1);
		}
		if (v > best) {
			best = v;
			pick = nd->first + k;
		}
	}
	return pick;
}

/* Decoupled selection at a hidden ply: the index of the move, among the n
 * statistics nodes from st, with the best UCT value (an unvisited one
 * first, at random). */
static int select_stat(uct *u, gl_agent *a, int32_t st, int n)
{
	const node *x = &u->nodes[st];
	double total = 0;
	int fresh = 0;
	for (int i = 0; i < n; i++) {
		total += x[i].visits;
		fresh += x[i].visits == 0;
	}
	if (fresh) {
		int r = (int)gl_rng_below(&a->rng, (uint32_t)fresh);
		for (int i = 0; i < n; i++)
			if (x[i].visits == 0 && r-- == 0)
				return i;
	}
	if (u->factor) {
		for (int i = 0; i < n; i++)
			u->fx[i] = &x[i];
		int i = factor_pick(u, a, x[0].who, u->fx, n, false);
		if (i >= 0)
			return i;
	}
	double logn = log(total), best = -1;
	int pick = 0;
	for (int i = 0; i < n; i++) {
		double v = x[i].sum / x[i].visits + u->c * sqrt(logn / x[i].visits);
		if (v > best) {
			best = v;
			pick = i;
		}
	}
	return pick;
}

/* Whether the n statistics nodes x[0..n) have all been visited. */
static bool all_tried(const node *x, int32_t n)
{
	for (int32_t i = 0; i < n; i++)
		if (x[i].visits == 0)
			return false;
	return true;
}

/* Params mix 2 and 3: the share of a uniform draw in regret matching's
 * strategy, so that every move keeps being drawn (Lanctot et al.'s
 * gamma). */
#define RM_GAMMA 0.1

/* Params mix 2 and 3: regret matching (Hart and Mas-Colell, Econometrica
 * 2000) at a round, as in SM-MCTS (Lanctot, Lisy and Winands, "Monte
 * Carlo Tree Search in Simultaneous Move Games with Applications to
 * Goofspiel", CGW 2013; Tak, Lanctot and Winands, CIG 2014): a chooser's
 * strategy gives each move its share of the positive regrets (uniform
 * while none is positive), mixed with RM_GAMMA of a uniform draw; the
 * move drawn from it, for the chooser's n moves at nodes lo .. lo + n,
 * is returned and recorded in *d, and the strategy joins the average
 * that uct_choose() draws the move played from (at the root's round).
 * rm_update() credits the regrets. */
static int rm_pick(uct *u, gl_agent *a, int32_t lo, int32_t n, int who,
	rm_draw *d)
{
	double *r = u->rm_reg + lo, *avg = u->rm_avg + lo;
	double pos = rm_positive(r, n);
	double at = gl_rng_unit(&a->rng);
	int32_t pick = -1;
	double q = 0;
	for (int32_t i = 0; i < n; i++) {
		double sigma = rm_share(r[i], pos, n);
		double qi = (1 - RM_GAMMA) * sigma + RM_GAMMA / n;
		avg[i] += sigma;
		if (pick < 0 && ((at -= qi) < 0 || i == n - 1)) {
			pick = i;
			q = qi;
		}
	}
	*d = (rm_draw){lo, n, pick, who, q};
	return pick;
}

/* Params mix 2 and 3: the regrets of a descent's draws (u->rmd)
 * credited with an iteration's values val[] (outcome sampling: the move
 * drawn gains its value over the probability it was drawn with, every
 * move loses the value). */
static void rm_update(uct *u, const gl_game *g, const double *val)
{
	for (int k = 0; k < (int)g->max_length + 2; k++) {
		const rm_draw *d = &u->rmd[k];
		if (d->pick < 0)
			break;
		double x = val[d->who] / 100, *r = u->rm_reg + d->lo;
		for (int32_t i = 0; i < d->n; i++)
			r[i] -= x;
		r[d->pick] += x / d->q;
	}
}

/* NST (Tak, Winands and Bjornsson, "N-Grams and the Last-Good-Reply
 * Policy Applied in General Game Playing", IEEE TCIAIG 2012): the entry
 * of player p's n-gram g[0..n) (g[0] its move, g[1] the move before it,
 * g[2] the one before that), found, or taken when free and `add`; NULL
 * when it is not there (or, adding, the probed entries all hold others:
 * the table keeps the n-grams seen first). */
static nst_entry *nst_find(uct *u, int p, const gl_action *g, int n,
	bool add)
{
	uint64_t h = (uint64_t)p + 1;
	for (int i = 0; i < n; i++)
		h = gl_mix64(h ^ (uint64_t)(uint32_t)g[i] << 8);
	h = h ? h : 1; /* 0 marks a free entry */
	size_t mask = ((size_t)1 << NST_BITS) - 1;
	for (size_t j = 0; j < NST_PROBE; j++) {
		nst_entry *e = &u->grams[(h + j) & mask];
		if (e->key == h)
			return e;
		if (e->key == 0) {
			if (!add)
				return NULL;
			e->key = h;
			return e;
		}
	}
	return NULL;
}

/* A playout move's value for player p: its MAST mean goal (a move never
 * made: 100), averaged with NST's means of the 2- and 3-grams it ends
 * (the moves before it in prev[0], prev[1]; NONE where unknown) that
 * have NST_MIN iterations. */
static double move_value(uct *u, int p, gl_action m, const gl_action *prev)
{
	const mast_entry *q = u->mast + (size_t)p * u->nact;
	double v = mast_mean(&q[m], 100);
	if (!u->grams)
		return v;
	gl_action g[3] = {m, prev[0], prev[1]};
	int k = 1;
	for (int n = 2; n <= u->nst && g[n - 1] != NONE; n++) {
		const nst_entry *e = nst_find(u, p, g, n, false);
		if (e && e->n >= NST_MIN) {
			v += e->sum / e->n;
			k++;
		}
	}
	return v / k;
}

/* The move at place i of the iteration's moves: the descent's (from the
 * root's own move when it has one, a reroot's), then the playout's
 * (u->trail); its mover into *who. */
static gl_action seq_move(const uct *u, int i, int *who)
{
	int s0 = u->nodes[u->path[0]].who >= 0 ? 0 : 1;
	int nd = u->depth - s0;
	if (i < nd) {
		const node *x = &u->nodes[u->path[s0 + i]];
		*who = x->who;
		return x->move;
	}
	*who = u->trail_who[i - nd];
	return u->trail[i - nd];
}

/* NST: the iteration's n-grams (2..nst moves in a row, descent and
 * playout) get the goal of their last move's mover. */
static void nst_update(uct *u, const int *goals)
{
	int s0 = u->nodes[u->path[0]].who >= 0 ? 0 : 1;
	int len = u->depth - s0 + (int)u->ntrail;
	gl_action g[3] = {NONE, NONE, NONE};
	for (int i = 0; i < len; i++) {
		int who;
		g[2] = g[1];
		g[1] = g[0];
		g[0] = seq_move(u, i, &who);
		for (int n = 2; n <= u->nst && n <= i + 1; n++) {
			nst_entry *e = nst_find(u, who, g, n, true);
			if (e) {
				e->sum += (float)goals[who];
				e->n += 1;
			}
		}
	}
}

/* MAST (Finnsson and Bjornsson, "Simulation-Based Approach to General
 * Game Playing", AAAI 2008): player p's move among moves[0..k) with the
 * best mean goal in the iterations that played it, anywhere, so far; a
 * move never played counts as 100, so that each gets tried (ties broken
 * at random). The greedy choice is taken with probability 1 - eps, as
 * Tak, Winands and Bjornsson found better than CadiaPlayer's Gibbs
 * sampling ("N-Grams and the Last-Good-Reply Policy Applied in General
 * Game Playing", IEEE TCIAIG 2012: epsilon 0.4). */
static gl_action mast_move(uct *u, gl_agent *a, int p, const gl_action *moves,
	int k, const gl_action *prev)
{
	double best = -1;
	uint32_t ties = 0;
	gl_action pick = moves[0];
	for (int i = 0; i < k; i++) {
		double v = move_value(u, p, moves[i], prev);
		if (v > best) {
			best = v;
			pick = moves[i];
			ties = 1;
		} else if (v == best && gl_rng_below(&a->rng, ++ties) == 0) {
			pick = moves[i];
		}
	}
	return pick;
}

/* A move of moves[0..k) drawn with probability w[i] / total. */
static gl_action draw_move(gl_agent *a, const gl_action *moves,
	const double *w, int k, double total)
{
	double r = gl_rng_unit(&a->rng) * total;
	for (int i = 0; i < k - 1; i++)
		if ((r -= w[i]) < 0)
			return moves[i];
	return moves[k - 1];
}

/* MAST's Gibbs weight of entry e (n > 0), computed when it is read after
 * its mean changed: a batch of lanes changes an entry many times and
 * reads it once. */
static double mast_weight(const uct *u, mast_entry *e)
{
	if (e->w < 0)
		e->w = exp((e->sum / e->n - 100) / u->tau);
	return e->w;
}

/* MAST as CadiaPlayer had it (Finnsson and Bjornsson 2008): player p's
 * move drawn from moves[0..k) with probability proportional to
 * exp(Q / tau), Q its mean goal over all iterations (a move never played:
 * 100). */
static gl_action gibbs_move(uct *u, gl_agent *a, int p, const gl_action *moves,
	int k, const gl_action *prev)
{
	mast_entry *q = u->mast + (size_t)p * u->nact;
	double *w = u->weight, total = 0;
	for (int i = 0; i < k; i++) {
		mast_entry *e = &q[moves[i]];
		w[i] = u->grams ? exp((move_value(u, p, moves[i], prev) - 100) / u->tau) :
			e->n > 0 ? mast_weight(u, e) : 1; /* exp(0): a move never made */
		total += w[i];
	}
	return draw_move(a, moves, w, k, total);
}

/* MAST: player `who` made `move` in an iteration that gave it `goal`. */
static void mast_add(uct *u, const gl_game *g, int who, gl_action move,
	double goal)
{
	mast_entry *e = &u->mast[(size_t)who * (size_t)g->nactions + (size_t)move];
	e->sum += goal;
	e->n += 1;
	e->w = -1; /* mast_weight() computes it when it is next read */
}

/* Move decay (Tak, Winands and Bjornsson, "Decaying Simulation
 * Strategies", IEEE TCIAIG 2014): a move of the match was played, so the
 * MAST and NST statistics, gathered from earlier positions, count for
 * `decay` of what they did: sums and counts scaled alike, means (and the
 * Gibbs weights) unchanged, but the next iterations outweigh them sooner.
 * PPA's weights are scaled by `decay` too (0: a new policy each move). */
static void decay_stats(uct *u)
{
	if (u->decay >= 1)
		return;
	if (u->mast)
		for (size_t i = 0; i < (size_t)u->np * u->nact; i++) {
			if (u->tau > 0 && u->mast[i].n > 0) /* from the mean as it
							      * was, not as scaled */
				mast_weight(u, &u->mast[i]);
			u->mast[i].sum *= u->decay;
			u->mast[i].n *= u->decay;
		}
	for (size_t i = 0; u->grams && i < (size_t)1 << NST_BITS; i++) {
		u->grams[i].sum *= (float)u->decay;
		u->grams[i].n *= (float)u->decay;
	}
	for (size_t i = 0; u->pol && i < (size_t)u->np * u->nact; i++) {
		u->pol[i].w *= u->decay;
		u->pol[i].e = exp(u->pol[i].w);
	}
}

/* MAST in the tree: the untried child of nd (not a hidden ply, whose
 * children keep the round's order) whose move has the best MAST mean
 * for its mover is swapped to be tried next (a move never played counts
 * as 100; ties: the random order of expand()). Untried children have no
 * subtree, so swapping them moves nothing else but their statistics'
 * side tables and their kept states (decisive=1 keeps them when made). */
static void mast_first(uct *u, const gl_game *g, const node *nd)
{
	const mast_entry *q = u->mast + (size_t)mover_of(u, nd) * (size_t)g->nactions;
	int32_t lo = nd->first + nd->ntried, best = lo;
	double top = -1;
	for (int32_t j = lo; j < nd->first + nd->nchild; j++) {
		double v = mast_mean(&q[u->nodes[j].move], 100);
		if (v > top) {
			top = v;
			best = j;
		}
	}
	node t = u->nodes[lo];
	u->nodes[lo] = u->nodes[best];
	u->nodes[best] = t;
	if ((u->nodes[lo].flags | u->nodes[best].flags) & KEPT)
		swap_kept(u, lo, best);
	if (u->amaf) {
		amaf_entry x = u->amaf[lo];
		u->amaf[lo] = u->amaf[best];
		u->amaf[best] = x;
	}
	if (u->tt_of) {
		int32_t x = u->tt_of[lo];
		u->tt_of[lo] = u->tt_of[best];
		u->tt_of[best] = x;
	}
}

/* LGRF (Baier and Drake, "The Power of Forgetting: Improving the
 * Last-Good-Reply Policy in Monte Carlo Go", IEEE TCIAIG 2010; in GGP Tak,
 * Winands and Bjornsson 2012): player p's last good reply to the move
 * `prev`, when it is among moves[0..k); NONE otherwise. */
static gl_action last_good(const uct *u, int p, gl_action prev,
	const gl_action *moves, int k)
{
	if (prev == NONE)
		return NONE;
	gl_action r = u->reply[(size_t)p * u->nact + (size_t)prev];
	for (int i = 0; r != NONE && i < k; i++)
		if (moves[i] == r)
			return r;
	return NONE;
}

/* The top goal of an iteration, whose players are its winners, when some
 * player's goal is below it; -1 when all are equal (a draw for everyone,
 * which LGRF and PPA learn nothing from). */
static double top_goal(const uct *u, const double *goals)
{
	double top = goals[0], low = goals[0];
	for (unsigned p = 1; p < u->np; p++) {
		top = goals[p] > top ? goals[p] : top;
		low = goals[p] < low ? goals[p] : low;
	}
	return top > low ? top : -1;
}

/* LGRF: each move of the iteration (descent and playout) after another
 * becomes its mover's reply to that move when the mover won (its goal the
 * top one, above some other player's), and is forgotten as the reply when
 * the mover did not (a draw for everyone changes nothing). */
static void lgr_update(uct *u, const double *goals)
{
	double top = top_goal(u, goals);
	if (top < 0)
		return;
	int s0 = u->nodes[u->path[0]].who >= 0 ? 0 : 1;
	int len = u->depth - s0 + (int)u->ntrail;
	gl_action prev = NONE;
	for (int i = 0; i < len; i++) {
		int who;
		gl_action m = seq_move(u, i, &who);
		if (prev != NONE) {
			gl_action *r = &u->reply[(size_t)who * u->nact + (size_t)prev];
			if (goals[who] == top)
				*r = m;
			else if (*r == m)
				*r = NONE;
		}
		prev = m;
	}
}

/* PPA (Cazenave, "Playout Policy Adaptation for Games", ACG 2015): player
 * p's move drawn from moves[0..k) with probability exp(w) / sum exp(w),
 * w its policy weights. The moves and their probabilities are kept as
 * the iteration's move `ply` (while the room lasts) for ppa_update(). */
static gl_action ppa_move(uct *u, gl_agent *a, int p, const gl_action *moves,
	int k, unsigned ply)
{
	const ppa_entry *q = u->pol + (size_t)p * u->nact;
	double *w = u->weight, total = 0;
	for (int i = 0; i < k; i++)
		total += w[i] = q[moves[i]].e;
	size_t at = u->ppa_at[ply];
	if (at + (size_t)k <= u->ppa_room) {
		for (int i = 0; i < k; i++) {
			u->ppa_mv[at + (size_t)i] = moves[i];
			u->ppa_pr[at + (size_t)i] = (float)(w[i] / total);
		}
		u->ppa_at[ply + 1] = (uint32_t)(at + (size_t)k);
	}
	return draw_move(a, moves, w, k, total);
}

/* Whether playouts still follow a learnt policy (MAST, LGRF, PPA; the
 * lanes' MAST weights): not once the match has met a round of
 * simultaneous moves, unless simul=1. */
static bool policy_on(const uct *u)
{
	return !u->rounds || u->mast_rounds;
}

/* Whether PPA learns and plays in this iteration: on, and policy_on(). */
static bool ppa_on(const uct *u)
{
	return u->pol && policy_on(u);
}

/* PPA adapts on the whole sequence from the root, as Cazenave's adapt()
 * replays it: the descent's moves come first, each with its node's
 * children (the legal moves there) and their probabilities under the
 * policy now, before this iteration's update. The root's own move, when
 * it has one (a reroot's), has no node above it and is not kept. */
static void ppa_descent(uct *u)
{
	int s0 = u->nodes[u->path[0]].who >= 0 ? 0 : 1;
	unsigned nd = (unsigned)(u->depth - s0);
	u->ppa_at[0] = 0;
	for (unsigned i = 0; i < nd; i++) {
		int parent = s0 + (int)i - 1;
		uint32_t at = u->ppa_at[i];
		u->ppa_at[i + 1] = at;
		if (parent < 0)
			continue;
		const node *x = &u->nodes[u->path[parent]];
		if (x->nchild < 2 || at + (size_t)x->nchild > u->ppa_room)
			continue;
		const ppa_entry *q = u->pol + (size_t)mover_of(u, x) * u->nact;
		double total = 0;
		for (int32_t j = 0; j < x->nchild; j++)
			total += q[u->nodes[x->first + j].move].e;
		for (int32_t j = 0; j < x->nchild; j++) {
			gl_action m = u->nodes[x->first + j].move;
			u->ppa_mv[at + (uint32_t)j] = m;
			u->ppa_pr[at + (uint32_t)j] = (float)(q[m].e / total);
		}
		u->ppa_at[i + 1] = at + (uint32_t)x->nchild;
	}
	u->ppa_base = nd;
}

/* PPA's adaptation after an iteration (the descent's moves, then the
 * playout's u->trail) that gave goals: at each move kept where a winner
 * moved (its goal the top one, above some other player's; a draw for
 * everyone teaches nothing), its move's weight goes up by alpha and every
 * legal move's down by alpha times the probability it had when drawn,
 * that is under the policy before this update (Cazenave's copy of it). */
static void ppa_update(uct *u, const double *goals)
{
	double top = top_goal(u, goals);
	if (top < 0)
		return;
	for (unsigned j = 0; j < u->ppa_base + u->ntrail; j++) {
		int p;
		gl_action m = seq_move(u, (int)j, &p);
		uint32_t lo = u->ppa_at[j], hi = u->ppa_at[j + 1];
		if (goals[p] != top || lo == hi)
			continue;
		ppa_entry *q = u->pol + (size_t)p * u->nact;
		q[m].w += u->ppa;
		for (uint32_t i = lo; i < hi; i++)
			q[u->ppa_mv[i]].w -= u->ppa * u->ppa_pr[i];
		for (uint32_t i = lo; i < hi; i++) {
			ppa_entry *e = &q[u->ppa_mv[i]];
			e->w = e->w > PPA_MAX ? PPA_MAX : e->w < -PPA_MAX ? -PPA_MAX : e->w;
			e->e = exp(e->w);
		}
	}
}

/* Whether playouts record their moves (and their movers: a to_move() a
 * move) for MAST and RAVE: not once MAST playouts, the only reader left,
 * have stopped at a round of simultaneous moves. */
static bool tracking(const uct *u)
{
	return u->trail && (policy_on(u) || u->order || u->history > 0 ||
		u->amaf || u->reply);
}

/* Moves from s to the end (at most max_length of them), at random or by
 * MAST (recorded in u->trail); the goals into goals. A game cut short
 * scores 50 for every player (a draw), a puzzle its goal where it
 * stopped. Returns the moves played (0: s was terminal). */
static unsigned playout(uct *u, gl_agent *a, void *s, int *goals)
{
	const gl_game *g = a->game;
	gl_action *moves = u->moves;
	bool track = tracking(u);
	gl_action prev[2] = {NONE, NONE}; /* NST: the moves before */
	if (u->grams || u->reply) {
		int who, s0 = u->nodes[u->path[0]].who >= 0 ? 0 : 1;
		if (u->depth - s0 >= 1)
			prev[0] = seq_move(u, u->depth - s0 - 1, &who);
		if (u->depth - s0 >= 2)
			prev[1] = seq_move(u, u->depth - s0 - 2, &who);
	}
	unsigned ply, b = u->ppa_base; /* PPA: the descent's moves before */
	/* anti-decisive moves (decisive=3): the last move's mover, and the
	 * moves it had, while that move may be taken back for a block */
	int last = -1, nlast = 0;
	bool block = u->decisive > 2 && !ppa_on(u) && !u->rounds;
	for (ply = 0; ply < g->max_length; ply++) {
		int k = g->type->legal(g, s, moves);
		if (k == 0) {
			g->type->goals(g, s, goals);
			return ply;
		}
		gl_action m = NONE;
		int p = -1;
		if (u->decisive > 1 && k > 1 && !u->rounds) {
			p = g->type->to_move(g, s);
			int i = u->decisive < 3 || threats_near(g, s, p) ?
				win_at(g, s, moves, k, p, u->look) : -1;
			m = i >= 0 ? moves[i] : NONE;
			if (m != NONE && last >= 0 && last != p &&
			    listed(u->pmv, nlast, m)) {
				/* the last mover takes its move back and plays
				 * the win it leaves (a block, where the move is
				 * the same for both, as a cell to mark) */
				memcpy(s, u->ps, g->state_size);
				g->type->apply(g, s, m);
				if (track) {
					u->trail[ply - 1] = m;
					prev[0] = m;
				}
				last = -1;
				ply--;
				continue;
			}
		}
		if (block && k > 1) {
			last = p >= 0 ? p : g->type->to_move(g, s);
			nlast = k;
			memcpy(u->pmv, moves, (size_t)k * sizeof *moves);
			memcpy(u->ps, s, g->state_size);
		} else {
			last = -1;
		}
		if (track) {
			p = p >= 0 ? p : g->type->to_move(g, s);
			bool policy = k > 1 && policy_on(u);
			if (ppa_on(u)) /* ppa_move() keeps the ply's moves */
				u->ppa_at[b + ply + 1] = u->ppa_at[b + ply];
			if (m != NONE)
				; /* it wins at once */
			else if (policy && u->reply && (m = last_good(u, p, prev[0],
			    moves, k)) != NONE)
				; /* the last good reply */
			else if (policy && u->pol)
				m = ppa_move(u, a, p, moves, k, b + ply);
			else if (policy && u->tau > 0)
				m = gibbs_move(u, a, p, moves, k, prev);
			else if (policy && u->eps < 1 && gl_rng_unit(&a->rng) >= u->eps)
				m = mast_move(u, a, p, moves, k, prev);
			else
				m = moves[gl_rng_below(&a->rng, (uint32_t)k)];
			u->trail[ply] = m;
			u->trail_who[ply] = (int8_t)p;
			prev[1] = prev[0];
			prev[0] = m;
		} else if (m == NONE) {
			m = moves[gl_rng_below(&a->rng, (uint32_t)k)];
		}
		g->type->apply(g, s, m);
	}
	if (g->nplayers == 1 || g->type->terminal(g, s)) {
		g->type->goals(g, s, goals);
		return ply;
	}
	for (unsigned p = 0; p < g->nplayers; p++)
		goals[p] = 50;
	return ply;
}

/* The leaf's value: the mean goal of `batch` playouts from s (s is not
 * changed) into mean. Returns whether s is terminal (mean then exact). */
static bool leaf_value(uct *u, gl_agent *a, const void *s, double *mean)
{
	const gl_game *g = a->game;
	u->ntrail = 0;
	if (u->batch > 1 && g->type->playouts) {
		int64_t sum[GL_PLAYERS_MAX];
		uint64_t moves = g->type->playouts(g, s, (int)u->batch, &a->rng,
			(int)g->max_length, sum);
		for (unsigned p = 0; p < g->nplayers; p++)
			mean[p] = (double)sum[p] / u->batch;
		u->plen = -1; /* many playouts, their lengths not told */
		return moves == 0;
	}
	for (unsigned p = 0; p < g->nplayers; p++)
		mean[p] = 0;
	if (ppa_on(u))
		ppa_descent(u);
	for (uint32_t i = 0; i < u->batch; i++) {
		unsigned char *t = u->t;
		int goals[GL_PLAYERS_MAX];
		memcpy(t, s, g->state_size);
		unsigned ply = playout(u, a, t, goals);
		if (u->nthreat && ply > 0)
			threats_observe(&u->threat, s, t);
		u->ntrail = tracking(u) ? ply : 0;
		u->plen = u->batch == 1 ? (int)ply : -1;
		if (ply == 0) { /* terminal: every playout the same */
			for (unsigned p = 0; p < g->nplayers; p++)
				mean[p] = goals[p];
			return true;
		}
		if (u->mast)
			for (unsigned j = 0; j < u->ntrail; j++)
				mast_add(u, g, u->trail_who[j], u->trail[j],
					goals[u->trail_who[j]]);
		if (u->grams)
			nst_update(u, goals);
		if (ppa_on(u)) {
			double dg[GL_PLAYERS_MAX] = {0};
			for (unsigned p = 0; p < g->nplayers; p++)
				dg[p] = goals[p];
			ppa_update(u, dg);
		}
		for (unsigned p = 0; p < g->nplayers; p++)
			mean[p] += (double)goals[p] / u->batch;
	}
	return false;
}

/* MCTS-Solver (Winands, Bjornsson and Saito, "Monte-Carlo Tree Search
 * Solver", CG 2008), for any goals: a node is proven when a child gives
 * its mover the top goal (100), or when every child is proven and the
 * best of them for the mover is 0, a loss. As in that paper only wins and
 * losses are proven above the leaves: a proven draw would stop the search
 * among drawing moves, and against a fallible opponent some of them win
 * more often (tictactoe against random at 30000 iterations a move: 190
 * wins and 10 draws in 200 matches, against 181 and 19 proving draws
 * too). A hidden ply's mover does not see the choice before it, so a
 * hidden ply is proven only when every child is proven to the same goals:
 * its choice cannot matter. Returns whether n is now proven. */
static bool try_prove(uct *u, node *n)
{
	if (!(n->flags & EXPANDED))
		return false;
	int m = mover_of(u, n);
	const node *best = NULL;
	bool all = true;
	for (int k = 0; k < n->nchild; k++) {
		const node *c = &u->nodes[n->first + k];
		if (!(c->flags & PROVEN)) {
			all = false;
			continue;
		}
		if (n->flags & HIDDEN && best && (c->proof[0] != best->proof[0] ||
		    c->proof[1] != best->proof[1]))
			return false;
		if (!best || c->proof[m] > best->proof[m])
			best = c;
	}
	if (!best || (!all && (best->proof[m] < 100 || n->flags & HIDDEN)) ||
	    (best->proof[m] > 0 && best->proof[m] < 100))
		return false;
	n->proof[0] = best->proof[0];
	n->proof[1] = best->proof[1];
	n->flags |= PROVEN;
	return true;
}

/* The ancestors of the last node of u->path (just proven), from its
 * parent up, proven as far as they can be. */
static void prove_up(uct *u)
{
	for (int i = u->depth - 1; i > 0; i--)
		if (!try_prove(u, &u->nodes[u->path[i - 1]]))
			break;
}

/* Minimax in selection (Baier and Winands, "MCTS-Minimax Hybrids", IEEE
 * TCIAIG 2015: MCTS-MS), param msd, with the solver: once a node has msv
 * visits, a minimax search over the game's ends alone (no evaluation: a
 * state the search leaves unended is unknown) proves what it can of the
 * node's children to depth msd - 1 below them, and marks each child it
 * proves with its outcome's goals; so the solver sees a trap or a forced
 * win some plies before the tree's own visits reach it. A state is proven
 * as try_prove() proves a node: a move giving its mover the top goal
 * (100), or every move proven 0 for it. */

/* A proof's goals from an end's (the second player's 0 in a game of one). */
static void to_proof(int8_t *pr, const int *goals, unsigned np)
{
	pr[0] = (int8_t)goals[0];
	pr[1] = (int8_t)(np > 1 ? goals[1] : 0);
}

/* One move's outcome cp (goals, proven) folded into ms_prove()'s account
 * for mover m: returns whether it wins; else *lost stays true only while
 * every move so far loses, the first loss kept in loss (*have). */
static bool ms_fold(const int8_t *cp, int m, bool *lost, bool *have,
	int8_t *loss)
{
	if (cp[m] == 100)
		return true;
	if (cp[m] != 0)
		*lost = false;
	else if (!*have)
		loss[0] = cp[0], loss[1] = cp[1], *have = true;
	return false;
}

/* Whether state s (not terminal) is proven within d plies, its outcome's
 * goals into pr; u->msw's level d - 1 its scratch. Two passes over its
 * moves: their ends first, so that a win at once is found before any
 * deeper search, then the others searched to depth d - 1. Not inside a
 * round of simultaneous moves, which has no minimax. */
static bool ms_prove(uct *u, const gl_game *g, const void *s, int d,
	int8_t *pr)
{
	if (g->type->hidden && g->type->hidden(g, s) > 0)
		return false;
	gl_action *mv = gl_scratch_moves(&u->msw, d - 1);
	unsigned char *t = gl_scratch_state(&u->msw, d - 1);
	int k = g->type->legal(g, s, mv);
	int m = g->type->to_move(g, s);
	bool lost = k > 0, have = false; /* every move so far loses; one has */
	int8_t loss[2] = {0, 0}, cp[2];
	int open = 0;
	for (int i = 0; i < k; i++) {
		memcpy(t, s, g->state_size);
		g->type->apply(g, t, mv[i]);
		if (!g->type->terminal(g, t)) {
			open++;
			continue;
		}
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, t, goals);
		to_proof(cp, goals, g->nplayers);
		if (ms_fold(cp, m, &lost, &have, loss))
			goto proven;
	}
	if (open > 0 && d == 1)
		lost = false;
	for (int i = 0; open > 0 && d > 1 && i < k; i++) {
		memcpy(t, s, g->state_size);
		g->type->apply(g, t, mv[i]);
		if (g->type->terminal(g, t))
			continue;
		if (!ms_prove(u, g, t, d - 1, cp))
			lost = false;
		else if (ms_fold(cp, m, &lost, &have, loss))
			goto proven;
	}
	if (!lost)
		return false;
	cp[0] = loss[0], cp[1] = loss[1];
proven:
	pr[0] = cp[0], pr[1] = cp[1];
	return true;
}

/* Minimax in selection at node n (expanded, an ordinary turn, state s):
 * its children's ends first, then the others searched by ms_prove(); each
 * child proven is marked (an end also TERMINAL), and where the states are
 * kept each child's state looked at is kept, as decisive_first() keeps
 * them. Returns whether n is now proven. */
static bool ms_children(uct *u, const gl_game *g, int32_t n, const void *s)
{
	node *nd = &u->nodes[n];
	int m = mover_of(u, nd);
	for (int pass = 0; pass < 2 && (pass == 0 || u->msd > 1); pass++)
		for (int i = 0; i < nd->nchild; i++) {
			node *c = &u->nodes[nd->first + i];
			if (c->flags & PROVEN) {
				if (c->proof[m] == 100)
					return try_prove(u, nd);
				continue;
			}
			unsigned char *t = child_state(u, g, s, nd->first + i);
			int goals[GL_PLAYERS_MAX];
			if (pass == 0 && g->type->terminal(g, t)) {
				g->type->goals(g, t, goals);
				to_proof(c->proof, goals, g->nplayers);
				c->flags |= TERMINAL | PROVEN;
			} else if (pass == 1 && ms_prove(u, g, t, u->msd - 1,
			    c->proof)) {
				c->flags |= PROVEN;
			}
			if (c->flags & PROVEN && c->proof[m] == 100)
				return try_prove(u, nd);
		}
	return try_prove(u, nd);
}

/* Endgame solving (param esolve; as endgame solvers in chess and othello
 * programs, and Sancho's in GGP): in a game of two players whose goals
 * sum to 100 at every end, a move first searches the root's state to
 * the game's ends by alpha-beta (fail-soft negamax over the mover's goal,
 * a table of bounds kept through the match), until a share of the move's
 * time runs out: at the first move of a match, and at every move after
 * a search (the last move's, and any pondering since) in which at least
 * 1% of the tree's descents stopped at an end of the game or a proven
 * node, so that little time goes on solves while the end is beyond
 * the tree's sight (the thirty-second round of docs/GGP_STRENGTH.md).
 * A position solved is known exactly: a win is played at once; a draw
 * keeps the tree's move only if that move is proven to hold the draw;
 * a loss leaves the choice to the tree, whose move makes the loss
 * hardest to find. It gives up (u->es_abort) out of time, beyond
 * u->es_levels plies, at a round of simultaneous moves, or at an end
 * whose goals do not sum to 100. */

/* The mover's MAST mean for move m (50 unseen, or without MAST): the
 * order in which es_search() tries the moves, after the table's. */
static double es_order(const uct *u, int who, gl_action m)
{
	if (!u->mast)
		return 50;
	const mast_entry *e = &u->mast[(size_t)who * u->nact + (size_t)m];
	return e->n > 0 ? e->sum / e->n : 50;
}

/* Whether choose() was told to stop (a->stop, read at its start). */
static bool halted(const uct *u)
{
	return u->halt && atomic_load_explicit(u->halt, memory_order_relaxed);
}

/* The exact goal of s's mover (s not terminal) within [alpha, beta]
 * (fail-soft: at or below alpha an upper bound, at or above beta a lower
 * one), ply
 * levels below the root; 0 with u->es_abort set when it gives up. */
static int es_search(uct *u, const gl_game *g, const void *s, int ply,
	int alpha, int beta)
{
	if (++u->es_nodes > u->es_max || ((u->es_nodes & 1023) == 0 &&
	    ((u->es_stop > 0 && gl_now() >= u->es_stop) || halted(u))))
		u->es_abort = true;
	if (u->es_abort || ply >= u->es_levels ||
	    (g->type->hidden && g->type->hidden(g, s) > 0)) {
		u->es_abort = true;
		return 0;
	}
	uint64_t h = gl_game_hash(g, s);
	h = h ? h : 1; /* 0 marks a free entry */
	es_entry *e = &u->es_tt[h & (((uint64_t)1 << ES_BITS) - 1)];
	gl_action first = NONE;
	int plo = 0, phi = 100; /* the bounds known before this search */
	if (e->key == h) {
		if (ply == 0)
			u->es_move = e->move;
		if (e->lo >= beta || e->lo == e->hi)
			return e->lo;
		if (e->hi <= alpha)
			return e->hi;
		plo = e->lo;
		phi = e->hi;
		alpha = alpha > plo ? alpha : plo;
		beta = beta < phi ? beta : phi;
		first = e->move;
	}
	gl_action *mv = gl_scratch_moves(&u->esw, ply);
	unsigned char *t = gl_scratch_state(&u->esw, ply);
	int k = g->type->legal(g, s, mv);
	int m = g->type->to_move(g, s);
	/* the table's move first, then by MAST's means, highest first (the
	 * keys in es_key, in step with the moves; es_search() below sorts
	 * its own only after this sort is done) */
	double *key = u->es_key;
	for (int i = 0; i < k; i++) {
		gl_action x = mv[i];
		double v = x == first ? 1e9 : es_order(u, m, x);
		int j = i;
		for (; j > 0 && key[j - 1] < v; j--) {
			mv[j] = mv[j - 1];
			key[j] = key[j - 1];
		}
		mv[j] = x;
		key[j] = v;
	}
	int a0 = alpha, best = -1;
	gl_action bm = k > 0 ? mv[0] : NONE;
	for (int i = 0; i < k && best < beta; i++) {
		memcpy(t, s, g->state_size);
		g->type->apply(g, t, mv[i]);
		int v;
		if (g->type->terminal(g, t)) {
			int goals[GL_PLAYERS_MAX];
			g->type->goals(g, t, goals);
			if (goals[0] + goals[1] != 100) {
				u->es_abort = true;
				return 0;
			}
			v = goals[m];
		} else if (g->type->to_move(g, t) == m) {
			v = es_search(u, g, t, ply + 1, alpha, beta);
		} else {
			v = 100 - es_search(u, g, t, ply + 1, 100 - beta,
				100 - alpha);
		}
		if (u->es_abort)
			return 0;
		if (v > best) {
			best = v;
			bm = mv[i];
		}
		if (best > alpha)
			alpha = best;
	}
	if (k == 0) { /* no move but not an end: not a game it can solve */
		u->es_abort = true;
		return 0;
	}
	/* the new bounds, as tight as the ones known before (a search that
	 * failed low at a known lower bound leaves the value exact) */
	int lo = best <= a0 ? 0 : best, hi = best >= beta ? 100 : best;
	e->key = h;
	e->move = bm;
	e->lo = (int8_t)(lo > plo ? lo : plo);
	e->hi = (int8_t)(hi < phi ? hi : phi);
	if (ply == 0)
		u->es_move = bm;
	return best;
}

/* The states a solve may search: without a clock (an iteration limit),
 * esolve times 10,000, so that the play is reproducible; with one, as
 * many as the clock allows. */
static uint64_t es_budget(const uct *u, double stop)
{
	return stop > 0 ? UINT64_MAX : (uint64_t)u->esolve * 10000;
}

/* Solve state s (the root's, the agent's move, not terminal) by
 * es_search() until the clock reads stop (0: es_budget()'s states):
 * returns whether it did, the
 * mover's exact goal into *value and a move that achieves it into *move. */
static bool es_solve(uct *u, const gl_game *g, const void *s, double stop,
	int *value, gl_action *move)
{
	u->es_stop = stop;
	u->es_nodes = 0;
	u->es_max = es_budget(u, stop);
	u->es_abort = false;
	u->es_move = NONE;
	u->es_dirty = true;
	*value = es_search(u, g, s, 0, 0, 100);
	*move = u->es_move;
	return !u->es_abort;
}

/* Whether move m at s (the root's state, solved to the mover's goal v)
 * is proven to reach v too, searched until the clock reads stop. */
static bool es_holds(uct *u, const gl_game *g, const void *s, gl_action m,
	int v, double stop)
{
	unsigned char *t = gl_scratch_state(&u->esw, 0);
	int me = g->type->to_move(g, s), got;
	memcpy(t, s, g->state_size);
	g->type->apply(g, t, m);
	if (g->type->terminal(g, t)) {
		int goals[GL_PLAYERS_MAX];
		g->type->goals(g, t, goals);
		return goals[me] >= v;
	}
	u->es_stop = stop;
	u->es_nodes = 0;
	u->es_max = es_budget(u, stop);
	u->es_abort = false;
	/* a null window at v: whether the move's value reaches v */
	if (g->type->to_move(g, t) == me)
		got = es_search(u, g, t, 1, v - 1, v);
	else
		got = 100 - es_search(u, g, t, 1, 100 - v, 101 - v);
	return !u->es_abort && got >= v;
}

/* RAVE (Gelly and Silver, "Combining Online and Offline Knowledge in UCT",
 * ICML 2007; in GGP Finnsson and Bjornsson, "Learning Simulation Control
 * in General Game-Playing Agents", AAAI 2010): after an iteration whose
 * moves were the descent's u->path[1..depth) and then the playout's
 * u->trail, each child c of a node of the path at ply i whose move its
 * mover made at ply i or later gets the iteration's goal in its AMAF
 * statistics. Marks are stamped with the iteration, never cleared. */
static void rave_update(uct *u, const gl_game *g, int depth, const double *goals)
{
	if (++u->stamp == 0) { /* wrapped: old marks would look current */
		memset(u->mark_it, 0, (size_t)g->nplayers * u->nact * sizeof *u->mark_it);
		u->stamp = 1;
	}
	for (int i = 1; i < depth + (int)u->ntrail; i++) {
		int who;
		gl_action m;
		if (i < depth) {
			who = u->nodes[u->path[i]].who;
			m = u->nodes[u->path[i]].move;
		} else {
			who = u->trail_who[i - depth];
			m = u->trail[i - depth];
		}
		size_t k = (size_t)who * u->nact + (size_t)m;
		u->mark_it[k] = u->stamp;
		u->mark_ply[k] = (uint32_t)i - 1; /* path[i] is ply i - 1's move */
	}
	for (int i = 0; i + 1 < depth; i++) {
		const node *nd = &u->nodes[u->path[i]];
		for (int32_t j = nd->first; j < nd->first + nd->nchild; j++) {
			const node *c = &u->nodes[j];
			size_t k = (size_t)c->who * u->nact + (size_t)c->move;
			if (u->mark_it[k] == u->stamp && u->mark_ply[k] >= (uint32_t)i) {
				u->amaf[j].sum += goals[c->who];
				u->amaf[j].n++;
			}
		}
	}
}

/* Transpositions (Childs, Brodeur and Kocsis, "Transpositions and Move
 * Groups in Monte Carlo Tree Search", CIG 2008: their UCT2, a child's
 * value from its state's statistics, its exploration from the move's own
 * visits): the entry of state s in the table, found, or taken when one
 * of the TT_PROBE entries from its hash is free; NONE when all are taken
 * by other states (the table keeps the states seen first in a match; the
 * node then uses its own statistics). */
static int32_t tt_find(uct *u, const gl_game *g, const void *s)
{
	uint64_t h = gl_game_hash(g, s);
	h = h ? h : 1; /* 0 marks a free entry */
	for (size_t j = 0; j < TT_PROBE; j++) {
		size_t i = (h + j) & u->tt_mask;
		if (u->tt_key[i] == h)
			return (int32_t)i;
		if (u->tt_key[i] == 0) {
			u->tt_key[i] = h;
			return (int32_t)i;
		}
	}
	return NONE;
}

/* The descent of an iteration from the root by UCT (decoupled through
 * rounds of simultaneous moves, a child added), in s (its state at the
 * end): the nodes into u->path (u->depth of them), the statistics nodes
 * of rounds into u->spath (*nsp of them). Returns the leaf. */
static int32_t descend(uct *u, gl_agent *a, unsigned char *s, int *nsp)
{
	const gl_game *g = a->game;
	memcpy(s, u->here, g->state_size);
	int32_t n = u->root;
	u->es_desc++;
	int32_t st = NONE; /* the next statistics node of the current round */
	int depth = 0, ns = 0;
	u->path[depth++] = n;
	/* mix 2, 3: in a round drawn by regret matching (rr), the draws (nr,
	 * at most one a ply) */
	bool rr = false;
	int nr = 0;
	if (u->rmd)
		u->rmd[0].pick = -1;
	for (unsigned p = 0; u->grave && p < u->np; p++)
		u->gnode[p] = NONE; /* indices move (compaction, order) */
	for (;;) {
		node *nd = &u->nodes[n];
		if (nd->flags & (TERMINAL | PROVEN)) {
			u->es_ends++;
			break;
		}
		if (depth > (int)g->max_length)
			break;
		bool hid = nd->flags & HIDDEN;
		if (!(nd->flags & EXPANDED) && ((!hid && depth > 1 &&
		    nd->visits < (u->rounds ? u->sexpand : u->expand)) ||
		    !expand(u, a, n, s))) {
			if (imb_on(u) && depth > 1)
				heur_eval(u, n, s); /* with what it has learnt since */
			break; /* a young leaf, or the arena is full: play out */
		}
		if (nd->flags & TERMINAL) {
			u->es_ends++;
			break;
		}
		if (u->msd && !(nd->flags & (SEARCHED | HIDDEN | SIMUL)) &&
		    nd->visits >= u->msv) {
			nd->flags |= SEARCHED;
			if (ms_children(u, g, n, s)) {
				u->depth = depth;
				prove_up(u);
				break; /* proven: backed up with its proof */
			}
		}
		int32_t c;
		if (hid && st != NONE && st + nd->nchild <= u->used &&
		    u->nodes[st + nd->nchild - 1].flags & STATS &&
		    u->nodes[st].who == mover_of(u, nd)) {
			int i = rr && all_tried(&u->nodes[st], nd->nchild) ?
				rm_pick(u, a, st, nd->nchild, u->nodes[st].who,
				&u->rmd[nr++]) : select_stat(u, a, st, nd->nchild);
			c = nd->first + i;
			u->spath[ns++] = st + i;
			st += nd->nchild;
		} else {
			bool fresh = nd->ntried < nd->nchild;
			if (fresh && u->order && !hid)
				mast_first(u, g, nd);
			u->depth = depth; /* GRAVE reads the path */
			int i = -1;
			rr = nd->flags & SIMUL && (u->mix == 3 ||
				(u->mix == 2 && n == u->root));
			if (rr && !fresh)
				i = rm_pick(u, a, nd->first, nd->nchild,
					mover_of(u, nd), &u->rmd[nr++]);
			if (!fresh && u->factor && nd->flags & SIMUL) {
				for (int k = 0; k < nd->nchild; k++)
					u->fx[k] = &u->nodes[nd->first + k];
				i = factor_pick(u, a, mover_of(u, nd), u->fx,
					nd->nchild, false);
			}
			c = fresh ? nd->first + nd->ntried++ : i >= 0 ?
				nd->first + i : select_child(u, nd);
			if (nd->flags & SIMUL)
				st = nd->first + nd->nchild;
		}
		to_child(u, g, s, c);
		u->path[depth++] = c;
		n = c;
		rr = rr && u->nodes[c].flags & HIDDEN;
		if (u->rmd && nr <= (int)g->max_length)
			u->rmd[nr].pick = -1; /* the end of the draws */
		if (u->tt_of && u->tt_of[c] == NONE && !(u->nodes[c].flags & HIDDEN))
			u->tt_of[c] = tt_find(u, g, s);
		if (!(u->nodes[c].flags & HIDDEN) && u->nodes[c].visits == 0) {
			if (imb_on(u))
				heur_eval(u, c, s);
			break; /* a new leaf (a hidden ply is never one) */
		}
	}
	u->depth = depth;
	*nsp = ns;
	return n;
}

/* A terminal leaf, the last of u->path, proven with its goals, then its
 * ancestors as far as they can be. */
static void prove_leaf(uct *u, const gl_game *g, node *leaf,
	const double *goals)
{
	leaf->flags |= TERMINAL | PROVEN;
	leaf->proof[0] = (int8_t)goals[0];
	leaf->proof[1] = (int8_t)(g->nplayers > 1 ? goals[1] : 0);
	prove_up(u);
}

/* Param rank: each player's value of an outcome in the tree, its goal
 * mixed with its standing (100 for each other player whose goal it beat,
 * 50 for each it tied, 0 below, averaged) into v[]; with rankall=0 only
 * player me's (the agent's), the others' values their goals. */
static void standing(const uct *u, int me, const double *goals, double *v)
{
	for (unsigned p = 0; p < u->np; p++) {
		if (!u->rank_all && (int)p != me) {
			v[p] = goals[p];
			continue;
		}
		double s = 0;
		for (unsigned q = 0; q < u->np; q++)
			if (q != p)
				s += goals[p] > goals[q] ? 100 :
					goals[p] == goals[q] ? 50 : 0;
		s /= u->np - 1;
		v[p] = (goals[p] + u->rank * s) / (1 + u->rank);
	}
}

/* Relative bonus (Pepels, Tak, Lanctot and Winands, "Quality-based
 * Rewards for Monte-Carlo Tree Search Simulations", ECAI 2014), two
 * players: a decisive iteration's length from the root D (the descent's
 * moves and u->plen, its playout's) against the winner's wins so far
 * from this root, lambda = (mean - D) / sd; b = 2 / (1 + exp(-k lambda))
 * - 1, and the values moved apart by rb * b * half the goals' gap: a win
 * quicker than the winner's usual counts more, a slower one less, and so
 * does the loss. Its length then joins the winner's. Returns whether v[]
 * was written (a decisive iteration, after 30 wins of the winner). */
static bool relative_bonus(uct *u, const double *goals, double *v)
{
	if (goals[0] == goals[1] || u->plen < 0)
		return false;
	int w = goals[0] > goals[1] ? 0 : 1;
	double d = (double)(u->depth - 1 + u->plen), n = u->rb_n[w];
	if (n == 0)
		u->rb_mean[w] = u->rb_m2[w] = 0;
	double dev = d - u->rb_mean[w];
	bool on = n >= 30 && u->rb_m2[w] > 0;
	if (on) {
		double lambda = -dev / sqrt(u->rb_m2[w] / (n - 1));
		double b = 2 / (1 + exp(-u->rbk * lambda)) - 1;
		double delta = u->rb * b * (goals[w] - goals[1 - w]) / 2;
		v[w] = goals[w] + delta;
		v[1 - w] = goals[1 - w] - delta;
	}
	/* Welford's running mean and squared deviations */
	u->rb_n[w] = n + 1;
	u->rb_mean[w] += dev / (n + 1);
	u->rb_m2[w] += dev * (d - u->rb_mean[w]);
	return on;
}

/* The goals of an iteration backed up along its descent (u->path,
 * u->depth; u->spath[0..ns)). The tree's statistics take them as values
 * (param rank: standing()), and so do RAVE's, mixed into them; MAST and
 * LGRF learn the goals. */
static void backup(uct *u, gl_agent *a, int ns, const double *goals,
	const unsigned char *ls)
{
	const gl_game *g = a->game;
	int depth = u->depth;
	double ranked[GL_PLAYERS_MAX];
	const double *val = goals;
	if (u->rank > 0) {
		standing(u, a->role, goals, ranked);
		val = ranked;
	} else if (u->rb > 0 && relative_bonus(u, goals, ranked)) {
		val = ranked;
	}
	/* the batch counts as that many visits (their sum, not their mean:
	 * measured, it plays better than one visit of the mean) */
	for (int i = 0; i < depth; i++) {
		node *nd = &u->nodes[u->path[i]];
		nd->visits += u->batch;
		if (nd->who >= 0)
			nd->sum += val[nd->who] * u->batch;
		if (i > 0 && u->mast) /* the root's move is history */
			mast_add(u, g, nd->who, nd->move, goals[nd->who]);
		int32_t e = i > 0 && u->tt_of ? u->tt_of[u->path[i]] : NONE;
		if (e != NONE) {
			u->tt_n[e] += u->batch;
			for (unsigned p = 0; p < u->np; p++)
				u->tt_sum[(size_t)e * u->np + p] +=
					(float)(val[p] * u->batch);
		}
	}
	for (int i = 0; i < ns; i++) {
		node *x = &u->nodes[u->spath[i]];
		x->visits += u->batch;
		x->sum += val[x->who] * u->batch;
	}
	if (imb_on(u)) {
		node *leaf = &u->nodes[u->path[depth - 1]];
		if (leaf->flags & TERMINAL)
			for (unsigned p = 0; p < u->np; p++)
				u->hv[(size_t)u->path[depth - 1] * u->np + p] =
					(float)val[p];
	}
	if (ls && (imb_on(u) || u->ept > 0))
		heur_learn(u, ls, val);
	if (imb_on(u))
		imb_backup(u);
	if (u->amaf)
		rave_update(u, g, depth, val); /* mixed into the tree's values */
	if (u->reply)
		lgr_update(u, goals);
	if (u->rmd)
		rm_update(u, a->game, val);
}

/* One iteration: a descent, its leaf's value (a proof, or playouts), and
 * the backup. */
static void iterate(uct *u, gl_agent *a)
{
	double goals[GL_PLAYERS_MAX];
	int ns;
	if (u->full && u->prune)
		compact(u, true);
	u->ntrail = 0; /* a proven leaf gets no playout */
	node *leaf = &u->nodes[descend(u, a, u->s, &ns)];
	u->plen = 0;
	if (leaf->flags & PROVEN) {
		goals[0] = leaf->proof[0]; /* proofs: 1 or 2 players */
		goals[1] = leaf->proof[1];
		backup(u, a, ns, goals, NULL);
		return;
	}
	if (leaf_value(u, a, u->s, goals)) {
		if (u->solve)
			prove_leaf(u, a->game, leaf, goals);
		else if (imb_on(u))
			leaf->flags |= TERMINAL;
	}
	backup(u, a, ns, goals, u->s);
}

/* Whether another iteration can add anything: the root is not proven and
 * its visits cannot overflow. */
static bool open_root(const uct *u)
{
	const node *r = &u->nodes[u->root];
	return !(r->flags & PROVEN) && r->visits < UINT32_MAX - u->batch - u->lanes;
}

/* A descent's virtual visits (tree parallelisation, Chaslot, Winands and
 * van den Herik, "Parallel Monte-Carlo Tree Search", CG 2008): add (by 1)
 * or take back (by -1) a visit of no goal along u->path and u->spath, so
 * that the next descents of a lane batch go elsewhere. */
static void virtual_visit(uct *u, int ns, int by)
{
	for (int i = 0; i < u->depth; i++)
		u->nodes[u->path[i]].visits += (uint32_t)by;
	for (int i = 0; i < ns; i++)
		u->nodes[u->spath[i]].visits += (uint32_t)by;
}

/* Whether this batch of lanes draws its playouts by MAST (param lshare):
 * lshare of every 100 batches, spread evenly. */
static bool lane_policy(uct *u)
{
	u->lacc += u->lshare;
	if (u->lacc < 100)
		return false;
	u->lacc -= 100;
	return true;
}

/* `lanes` iterations whose playouts run at once (param lanes): descents
 * one after another, each leaf given a virtual visit so that the next
 * goes elsewhere; then one playout from each leaf (by MAST's weights
 * where lane_policy() says so, else uniformly random), all through
 * the game's playouts_each() (the gdl type: bit-parallel); then each
 * descent backed up with its playout's goals. A proven leaf is backed up
 * at once. At most `most` iterations; returns how many. */
static unsigned iterate_lanes(uct *u, gl_agent *a, uint64_t most)
{
	const gl_game *g = a->game;
	int32_t *path = u->path, *spath = u->spath;
	size_t stride = (size_t)g->max_length + 2;
	unsigned nl = 0, it = 0;
	double t0 = gl_now(), c0 = gl_cpu_now();
	if (u->full && u->prune)
		compact(u, true);
	u->ntrail = 0;
	for (unsigned j = 0; j < u->lanes && it < most; j++) {
		double goals[GL_PLAYERS_MAX];
		int ns;
		u->path = u->lpath + nl * stride;
		u->spath = u->lspath + nl * stride;
		if (u->lrmd)
			u->rmd = u->lrmd + (size_t)nl * stride;
		int32_t n = descend(u, a, u->lstate + nl * u->lstride, &ns);
		it++;
		node *leaf = &u->nodes[n];
		if (leaf->flags & PROVEN) {
			goals[0] = leaf->proof[0];
			goals[1] = leaf->proof[1];
			u->plen = 0;
			backup(u, a, ns, goals, NULL);
			if (!open_root(u))
				break;
			continue;
		}
		virtual_visit(u, ns, 1);
		u->ldepth[nl] = u->depth;
		u->lns[nl++] = ns;
	}
	/* MAST's Gibbs weights (an unseen move 1), as playout() has them:
	 * none once the match has met a round of simultaneous moves (simul),
	 * nor in a batch that lshare leaves random (a batch with playouts:
	 * one of proven leaves only does not count) */
	const double *w = nl > 0 && u->lweight && policy_on(u) &&
		lane_policy(u) ? u->lweight : NULL;
	if (w)
		for (size_t k = 0; k < (size_t)g->nplayers * u->nact; k++)
			u->lweight[k] = u->mast[k].n > 0 ?
				mast_weight(u, &u->mast[k]) : 1;
	/* ept: every other batch with playouts is cut, its last states
	 * over its leaves' */
	bool cut = nl > 0 && u->ept > 0 && (u->ecut = !u->ecut);
	/* the last states: over the leaves' where cut, apart with threats
	 * (which learn from the pair) */
	unsigned char *ends = u->lend ? u->lend : cut ? u->lstate : NULL;
	if (nl > 0)
		g->type->playouts_each(g, u->lstate, u->lstride, (int)nl, &a->rng,
			cut ? u->ept : (int)g->max_length, w,
			w ? &u->ltrail : NULL, u->lgoal, u->llen, ends);
	for (unsigned j = 0; j < nl; j++) {
		double goals[GL_PLAYERS_MAX];
		u->path = u->lpath + j * stride;
		u->spath = u->lspath + j * stride;
		if (u->lrmd)
			u->rmd = u->lrmd + (size_t)j * stride;
		u->depth = u->ldepth[j];
		virtual_visit(u, u->lns[j], -1);
		int *lg = u->lgoal + j * g->nplayers;
		if (u->lend && u->llen[j] > 0)
			threats_observe(&u->threat, u->lstate + j * u->lstride,
				ends + j * u->lstride);
		if (cut && lg[0] < 0) { /* stopped before the end */
			heur_values(u, ends + j * u->lstride, goals);
			for (unsigned p = 0; p < g->nplayers; p++)
				lg[p] = (int)lround(goals[p]); /* for MAST */
		} else {
			for (unsigned p = 0; p < g->nplayers; p++)
				goals[p] = lg[p];
		}
		const gl_trail *t = &u->ltrail;
		for (int i = 0; w && i < t->n[j]; i++) {
			size_t x = (size_t)j * (size_t)t->cap + (size_t)i;
			mast_add(u, g, t->who[x], t->move[x], lg[t->who[x]]);
		}
		node *leaf = &u->nodes[u->path[u->depth - 1]];
		if (u->llen[j] == 0 && u->solve && !(leaf->flags & PROVEN))
			prove_leaf(u, g, leaf, goals);
		else if (u->llen[j] == 0 && imb_on(u))
			leaf->flags |= TERMINAL;
		u->plen = (int)u->llen[j];
		backup(u, a, u->lns[j], goals, cut ? NULL :
			u->lstate + j * u->lstride);
	}
	u->path = path;
	u->spath = spath;
	u->rmd = u->rmd1;
	u->lsecs = gl_now() - t0;
	u->lcpu = gl_cpu_now() - c0;
	return it;
}

/* Whether a batch of lanes is to run now, with the clock ending at stop
 * (0: none): lanes on, and the last batch's time still left. Near the
 * clock's end the iterations go one by one, so that a batch (as long as
 * its longest playout, however few its lanes) does not overrun it. */
static bool lanes_fit(const uct *u, double stop)
{
	return u->luse && (stop == 0 || gl_now() + u->lsecs < stop);
}

/* Whether this move's iterations go in batches of lanes (param lgain),
 * set in u->luse. Where lanes_always(), yes. Under an iteration limit,
 * no: a choice by the clock would make the search irreproducible, and a
 * batch saves time, not iterations (one by one, with MAST's playouts and
 * no virtual visits, is the better search per iteration). Otherwise one
 * batch and up to LGAIN_SINGLES iterations one by one are timed in CPU
 * seconds (not wall-clock, so that another job on the machine does not
 * decide), and the batches go on for the move if an iteration in one
 * cost at most 1/lgain of one by one. What a batch saves depends on the
 * game's playouts against the tree's work (against MAST's playouts one
 * by one: about 10 times in othello-comp2007, 2 in connectFour and
 * breakthrough with lmast) and changes as the match goes on, hence a move
 * at a time. The timed iterations are the search's own. First, a last
 * batch too slow for the whole move is taken at its CPU time (below).
 * Returns how many were made. */
static unsigned pick_lanes(uct *u, gl_agent *a, double stop)
{
	/* a last batch too slow for the whole move, though not in CPU
	 * seconds, had its thread descheduled (a loaded machine): left as
	 * it is, it would keep every later batch off, so its CPU time
	 * stands for it until the next batch is timed */
	if (stop != 0 && gl_now() + u->lsecs >= stop)
		u->lsecs = u->lcpu;
	u->luse = lanes_always(u);
	if (u->luse || u->lanes <= 1 || u->iterations > 0)
		return 0;
	u->luse = true; /* for lanes_fit() */
	double t0 = gl_cpu_now();
	unsigned n = lanes_fit(u, stop) ? iterate_lanes(u, a, u->lanes) : 0;
	double t1 = gl_cpu_now();
	unsigned k = 0;
	while (k < LGAIN_SINGLES && open_root(u) &&
	       (stop == 0 || gl_now() < stop)) {
		iterate(u, a);
		k++;
	}
	double t2 = gl_cpu_now();
	u->luse = n > 0 && k > 0 && (t2 - t1) / k >= u->lgain * (t1 - t0) / n;
	return n + k;
}

/* Whether child c of r ranks above child b as the move to play: a proven
 * top goal first, then not a proven loss (goal 0) for the mover, then the
 * proven value when the root is proven, then visits, then mean value. */
static bool better(const uct *u, const node *r, const node *c, const node *b)
{
	int m = mover_of(u, r);
	bool cw = c->flags & PROVEN && c->proof[m] == 100;
	bool bw = b->flags & PROVEN && b->proof[m] == 100;
	if (cw != bw)
		return cw;
	bool cl = c->flags & PROVEN && c->proof[m] == 0;
	bool bl = b->flags & PROVEN && b->proof[m] == 0;
	if (cl != bl)
		return bl;
	if (r->flags & PROVEN && c->flags & b->flags & PROVEN &&
	    c->proof[m] != b->proof[m])
		return c->proof[m] > b->proof[m];
	if (c->visits != b->visits)
		return c->visits > b->visits;
	return c->visits && mixed(u, c, m, c->sum / c->visits) >
		mixed(u, b, m, b->sum / b->visits);
}

/* The move to play at root r (expanded, an ordinary turn). */
static const node *best_child(const uct *u, const node *r)
{
	const node *best = &u->nodes[r->first];
	for (int i = 1; i < r->nchild; i++) {
		const node *c = &u->nodes[r->first + i];
		if (better(u, r, c, best))
			best = c;
	}
	return best;
}

/* The move to play among x[0..n), the player's own moves at round r of
 * simultaneous moves (the children of a SIMUL root, or its statistics
 * nodes): a proven win for it if any; never a proven loss while there is
 * another; with no proven loss and moves in two parts, by its parts
 * (factor=2: answer_pick(); factor=1: factor_pick()); then drawn in
 * proportion to its weight (mix), or the one of most weight: wt[i], or
 * without wt its visits. */
static gl_action pick_simul(uct *u, gl_agent *a, const node *r,
	const node *const *x, const double *wt, int n)
{
	int me = a->role;
	int *cand = u->cand, nc = 0;
	double total = 0;
	for (int i = 0; i < n; i++)
		if (x[i]->flags & PROVEN && x[i]->proof[me] == 100)
			return x[i]->move;
	for (int i = 0; i < n; i++)
		if (!(x[i]->flags & PROVEN && x[i]->proof[me] == 0))
			cand[nc++] = i;
	if (nc == 0)
		for (int i = 0; i < n; i++)
			cand[nc++] = i;
	if (u->answer && nc == n) {
		int i = answer_pick(u, a, r, x, n);
		if (i >= 0)
			return x[i]->move;
	}
	if (u->factor && nc == n) {
		int i = factor_pick(u, a, me, x, n, true);
		if (i >= 0)
			return x[i]->move;
	}
	/* a move's weight: its visits, or its average strategy (mix 2, 3)
	 * or equilibrium strategy (mix 4) */
#define W(i) (wt ? wt[i] : (double)x[i]->visits)
	double top = 0;
	for (int k = 0; k < nc; k++)
		if (W(cand[k]) > top)
			top = W(cand[k]);
	/* mixcut: the moves drawn need a share of the top weight */
	int keep = 0;
	for (int k = 0; k < nc; k++)
		if (100.0 * W(cand[k]) >= u->mixcut * top) {
			cand[keep++] = cand[k];
			total += W(cand[k]);
		}
	nc = keep;
	if (total == 0)
		return x[cand[gl_rng_below(&a->rng, (uint32_t)nc)]]->move;
	int pick = cand[0];
	if (u->mix) {
		double at = gl_rng_unit(&a->rng) * total;
		for (int k = 0; k < nc; k++) {
			pick = cand[k];
			if ((at -= W(pick)) < 0)
				break;
		}
	} else {
		for (int k = 1; k < nc; k++)
			if (W(cand[k]) > W(pick))
				pick = cand[k];
	}
#undef W
	return x[pick]->move;
}

/* Whether state s is reached from t by d more moves (the pending choices
 * of a round, unseen), trying them all within *budget apply() calls.
 * Level `level` of the search uses the level's list and state of u->w. */
static bool reaches(const uct *u, const gl_game *g, const void *t,
	const void *s, int d, int level, long *budget)
{
	if (d == 0)
		return memcmp(t, s, g->state_size) == 0;
	if (LIST_REACH + level >= u->w.nlists)
		return false; /* more unseen choices than players: not a round */
	gl_action *mv = gl_scratch_moves(&u->w, LIST_REACH + level);
	unsigned char *x = gl_scratch_state(&u->w, STATE_REACH + level);
	int k = g->type->legal(g, t, mv);
	for (int i = 0; i < k; i++) {
		if (--*budget < 0)
			return false;
		memcpy(x, t, g->state_size);
		g->type->apply(g, x, mv[i]);
		if (reaches(u, g, x, s, d - 1, level + 1, budget))
			return true;
	}
	return false;
}

/* Whether s, a state with h choices of its round pending, belongs to the
 * round that starts at `here`: the match as observed, or that state after
 * choices the agent was not told of. */
static bool in_round(const uct *u, const gl_game *g, const void *s, int h)
{
	if (!u->known || u->npend > h)
		return false;
	if (u->npend == h)
		return memcmp(u->cur, s, g->state_size) == 0;
	long budget = FIND_BUDGET;
	return reaches(u, g, u->cur, s, h - u->npend, 0, &budget);
}

/* Root the tree at the match's state s (h choices of a round pending in
 * it): the tree kept where s is the state followed (or, inside a round,
 * the round's start), a new one where it is not. Returns false for a
 * hidden state whose round start is unknown: a search from s would read
 * the pending choices, so there is nothing to search. */
static bool root_at(uct *u, const gl_game *g, const void *s, int h)
{
	if (h == 0) {
		if (!u->known || u->npend || memcmp(u->here, s, g->state_size) != 0)
			anchor(u, g, s);
	} else if (!in_round(u, g, s, h)) {
		return false;
	}
	if (u->root != 0) /* a new tree, or the root moved down */
		memset(u->rb_n, 0, sizeof u->rb_n); /* lengths from a new root */
	if (u->root == NONE)
		new_tree(u);
	else if (u->root != 0)
		compact(u, false);
	/* A root proven by minimax in selection (msd) from its parent has no
	 * proven child to play: proven again from its children if they show
	 * it, else searched again. */
	node *r = &u->nodes[u->root];
	if ((r->flags & (PROVEN | TERMINAL)) == PROVEN) {
		r->flags &= (uint8_t)~PROVEN;
		if (!try_prove(u, r))
			r->flags &= (uint8_t)~SEARCHED;
	}
	return true;
}

static int uct_choose(gl_agent *a, const void *s, gl_action *move, gl_err *err)
{
	uct *u = a->data;
	const gl_game *g = a->game;
	gl_action *moves = u->root_moves;
	int k = g->type->legal(g, s, moves);
	if (k == 0)
		return gl_fail(err, GL_EINVAL, "agent uct: asked to move in a "
			"finished game");
	if (k == 1) {
		*move = moves[0];
		return 0;
	}
	int h = hidden(g, s);
	if (!root_at(u, g, s, h)) {
		/* no round start known: play as if knowing nothing */
		*move = moves[gl_rng_below(&a->rng, (uint32_t)k)];
		return 0;
	}
	double stop = u->seconds > 0 ? gl_now() + u->seconds : 0;
	u->halt = a->stop;
	/* endgame solving first: a win found (100) is played; any value
	 * between (a draw) is kept, at the cost of the last 2% of the clock
	 * to check the tree's move (a loss found, 0, leaves the choice to
	 * the tree) */
	int ev = -1;
	gl_action em = NONE;
	double tree_stop = stop;
	/* the end near: at least 1% of the descents since the last choice
	 * reached it (or there was none) */
	bool near = u->es_first || u->es_ends * 100 >= u->es_desc;
	u->es_first = false;
	u->es_desc = u->es_ends = 0; /* what this search sees, for the next */
	if (u->esolve > 0 && (stop > 0 || !u->es_clock) && near && h == 0 &&
	    !(u->nodes[u->root].flags & SIMUL)) {
		double end = stop > 0 ? gl_now() + u->seconds * u->esolve / 100 : 0;
		/* a move not listed: a hash's collision */
		if (!es_solve(u, g, s, end, &ev, &em) || !listed(moves, k, em))
			ev = -1;
		else if (ev == 100) {
			*move = em;
			return 0;
		} else if (ev > 0 && stop > 0) {
			tree_stop = stop - u->seconds / 50;
		}
	}
	uint64_t it = pick_lanes(u, a, tree_stop);
	do {
		if (lanes_fit(u, tree_stop)) {
			it += iterate_lanes(u, a, u->iterations ? u->iterations - it :
				u->lanes);
		} else {
			iterate(u, a);
			it++;
		}
	} while ((!u->iterations || it < u->iterations) &&
		 (tree_stop == 0 || gl_now() < tree_stop) && open_root(u) &&
		 !halted(u));
	const node *r = &u->nodes[u->root];
	const node **x = u->x;
	int n = 0;
	if (r->flags & SIMUL && h > 0) {
		/* a later chooser: its statistics of the round, for the moves
		 * it has (the same as at the round's start) */
		for (int32_t i = r->first + r->nchild; i < u->used &&
		     u->nodes[i].flags & STATS && n < k; i++)
			if (u->nodes[i].who == a->role)
				x[n++] = &u->nodes[i];
		for (int i = 0; i < n; i++)
			if (!listed(moves, k, x[i]->move))
				n = 0; /* not this round's statistics after all */
	} else if (r->flags & SIMUL) {
		for (int i = 0; i < r->nchild; i++)
			x[n++] = &u->nodes[r->first + i];
	} else if (r->flags & EXPANDED && r->nchild > 0) {
		*move = best_child(u, r)->move;
		if (ev > 0 && *move != em && !es_holds(u, g, s, *move, ev, stop))
			*move = em; /* the tree's move not shown to hold the draw */
		return 0;
	}
	/* mix 2, 3: the root round's average strategy, once it has one;
	 * mix 4: its matrix game's */
	double *wt = u->xw && r->flags & SIMUL ? u->xw : NULL, wsum = 0;
	if (wt && u->eq && !eq_weights(u, a, r, x, n, wt))
		wt = NULL;
	for (int i = 0; wt && !u->eq && i < n; i++)
		wt[i] = u->rm_avg[x[i] - u->nodes];
	for (int i = 0; wt && i < n; i++)
		wsum += wt[i];
	if (wsum == 0)
		wt = NULL;
	*move = n > 0 ? pick_simul(u, a, r, x, wt, n) : ev > 0 ? em :
		moves[gl_rng_below(&a->rng, (uint32_t)k)];
	return 0;
}

/* The child of node n for move m, or NONE. */
static int32_t child(const uct *u, int32_t n, gl_action m)
{
	const node *nd = &u->nodes[n];
	if (!(nd->flags & EXPANDED))
		return NONE;
	for (int i = 0; i < nd->nchild; i++)
		if (u->nodes[nd->first + i].move == m)
			return nd->first + i;
	return NONE;
}

static void uct_observe(gl_agent *a, const void *s, int player, gl_action move)
{
	(void)player;
	uct *u = a->data;
	const gl_game *g = a->game;
	if (!u->known || memcmp(u->cur, s, g->state_size) != 0) {
		/* not the match as followed (a new position): start from s */
		if (hidden(g, s) > 0) {
			u->known = false;
			u->root = NONE;
			return;
		}
		anchor(u, g, s);
	}
	g->type->apply(g, u->cur, move);
	if (hidden(g, u->cur) > 0 && u->npend < GL_PLAYERS_MAX) {
		u->pend[u->npend++] = move; /* the round goes on */
		return;
	}
	/* a turn, or a round, is complete: the root follows its moves */
	decay_stats(u);
	int32_t n = u->reuse ? u->root : NONE;
	for (int i = 0; i < u->npend && n != NONE; i++)
		n = child(u, n, u->pend[i]);
	u->root = n == NONE ? NONE : child(u, n, move);
	memcpy(u->here, u->cur, g->state_size);
	u->npend = 0;
}

/* Pondering: the search of choose(), from the match's state as observed
 * (inside a round, from the round's start), into the tree that the
 * moves played will reroot and the next choose() will continue. While
 * there is nothing to search (a proven root, an unknown round start) it
 * waits for the end in steps of a millisecond. */
static int uct_ponder(gl_agent *a, const void *s, double seconds,
	const atomic_bool *stop, gl_err *err)
{
	(void)err;
	uct *u = a->data;
	const gl_game *g = a->game;
	double end = seconds > 0 ? gl_now() + seconds : 0;
	bool can = root_at(u, g, s, hidden(g, s));
	while (!(stop && atomic_load_explicit(stop, memory_order_relaxed)) &&
	       (end == 0 || gl_now() < end)) {
		if (can && open_root(u) && lanes_fit(u, end) &&
		    u->lsecs <= PONDER_BATCH) {
			iterate_lanes(u, a, u->lanes);
		} else if (can && open_root(u)) {
			iterate(u, a);
		} else {
			struct timespec ms = {0, 1000000};
			nanosleep(&ms, NULL);
		}
	}
	return 0;
}

/* A GGP player's play clock less its margin: the time choose() takes from
 * now on (above 0; the iteration limit, if any, still applies). */
static void uct_set_time(gl_agent *a, double seconds)
{
	uct *u = a->data;
	u->seconds = seconds > 1e-6 ? seconds : 1e-6;
}

const gl_agent_type gl_agent_uct = {
	.name = "uct",
	.summary = "Monte Carlo tree search (UCT, MAST playouts, max-n goals, "
		"decoupled at simultaneous moves): plays any game, GDL included",
	.params = uct_params,
	.init = uct_init,
	.done = uct_done,
	.begin = uct_begin,
	.choose = uct_choose,
	.observe = uct_observe,
	.ponder = uct_ponder,
	.set_time = uct_set_time,
};
