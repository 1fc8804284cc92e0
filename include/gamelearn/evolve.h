/*
 * evolve.h - the checkers-GA excerpt (shared/seeds, "checkers with a
 * genetic algorithm over Samuel's factors"): alpha-beta players whose
 * evaluation is a weighted sum of a game's features (weights.h), and a
 * genetic algorithm that evolves the weights through tournaments.
 *
 * As the excerpt describes it:
 *   - every coefficient starts at 1. A population of identical members
 *     plays identical games, so gamelearn keeps member 0 at all ones and
 *     gives every other member one pass of the mutation below over all its
 *     weights before the first tournament;
 *   - fitness comes from a single-elimination tournament with random
 *     pairing: a won game is worth 10 points; a tie (a draw, or a game
 *     still going after max_plies) gives 5 points to the side with more
 *     pieces on the board (with equal pieces nobody scores: gamelearn's
 *     rule, the excerpt is silent). The side with more points in a
 *     pairing goes on; equal points: more pieces over the pairing's games;
 *     still equal: a coin flip. An odd member out has a bye. Fitness is a
 *     member's points divided by all points awarded (1/pop each if none);
 *   - selection is fitness-proportional; two parents give two children by
 *     single-point crossover ("exchange the weights to the right of a
 *     random point") with probability pc, else copies; every weight of a
 *     child mutates with probability pm by the excerpt's proportional
 *     mutation (ga.h); optional elitism copies the best members unchanged
 *     (off by default: the excerpt has none).
 * Note what follows from that mutation: a weight never changes sign, and
 * starting from all ones every weight stays positive for ever.
 *
 * The other mutation the excerpt names, as an option (GL_MUTATE_UNIFORM):
 * "a random number somewhere in the possible range of the coefficients",
 * read as the usual uniform mutation: the weight becomes a number drawn
 * uniformly from [-range, range) (Samuel's range, 2^18, by default). It
 * replaces the proportional mutation in breeding only: the one pass that
 * sets members 1.. apart at the start is the proportional one whatever the
 * option, so that runs of either mutation from one seed start from the
 * same population.
 *
 * Games start from an opening: for checkers the two-move ballot (the 49
 * pairs of first moves less the six barred ones: 43), for other games a
 * fixed list of random openings made from the run's seed. Each pairing
 * plays `games` games: game j plays opening k = j / 2 with the first
 * member moving first when j is even, so an even count plays each
 * opening with both colours.
 *
 * Determinism: games are searched to a fixed depth without randomness and
 * every random choice (pairings, openings, coin flips, breeding) is drawn
 * in order on the calling thread from the run's generator, so the same
 * seed gives the same run whatever the number of workers. Time-limited
 * play (seconds > 0) depends on the machine. The state (gl_evolve_save)
 * holds everything the next generation needs, so a run stopped after any
 * generation and resumed goes on exactly as if never stopped.
 *
 * Parallel work goes through a gl_runner (work.h) the caller supplies:
 * each duel is a piece whose result (gl_duel's fields from result on)
 * can be shipped between processes. The library makes no threads of its
 * own.
 */
#ifndef GAMELEARN_EVOLVE_H
#define GAMELEARN_EVOLVE_H

#include "gamelearn/search.h"
#include "gamelearn/weights.h"
#include "gamelearn/work.h"

/* --- Openings ----------------------------------------------------------------- */

enum { GL_OPENINGS_MAX = 64, GL_OPENING_PLIES = 8 };

typedef struct gl_openings {
	int n;                                   /* openings */
	int plies[GL_OPENINGS_MAX];              /* moves of each */
	gl_action move[GL_OPENINGS_MAX][GL_OPENING_PLIES];
} gl_openings;

/* The openings of g: checkers' 43 two-move ballots (whatever rng and
 * plies), or, for other games, count openings of `plies` random legal
 * moves (1..GL_OPENING_PLIES, count 1..GL_OPENINGS_MAX) drawn from rng; a
 * random line that ends the game is drawn again. */
int gl_openings_make(gl_openings *o, const gl_game *g, int plies, int count,
	gl_rng *rng, gl_err *err);
/* The text of opening i ("11-15 23-19") into buf of size n. Returns 0 or
 * GL_ENOMEM (the state it replays the moves in). */
int gl_openings_text(const gl_openings *o, const gl_game *g, int i,
	char *buf, size_t n, gl_err *err);

/* --- One game between two weighted players ------------------------------------ */

/* A player: its evaluation and budget. */
typedef struct gl_wplayer {
	const gl_weights *w; /* NULL: the game's own evaluate() */
	gl_limits limits;    /* per move */
	int prune;           /* forward pruning width (0: off) */
} gl_wplayer;

/* A game to play and, once played, what happened. */
typedef struct gl_duel {
	const gl_wplayer *p[2]; /* p[0] moves first */
	int opening;            /* index into the openings */
	bool quiesce[2];        /* side k searches with quiescence
				   (gl_search_set_quiesce); false in the
				   excerpt's games */
	/* Filled by play: */
	int result;             /* 0: p[0] won, 1: p[1] won, -1: a tie */
	int pieces[2];          /* each side's pieces at the end (cells) */
	int plies;              /* moves played, the opening included */
	int moves[2];           /* moves each side searched */
	int depth[2];           /* sum of the depths those searches completed */
	uint64_t nodes[2];      /* nodes they visited */
} gl_duel;

/* Play the n duels d[] of two-player game g, each from its opening, each
 * side searching with its own table (tt_bytes each; 0: 4 MiB), a game
 * still going after max_plies being a tie; on runner's workers (each duel
 * a piece of work whose result travels as bytes). Returns 0, or
 * GL_ENOMEM/GL_EINVAL with a message (nothing is played then), or the
 * runner's error. */
int gl_duels_play(const gl_game *g, const gl_openings *o, gl_duel *d, int n,
	int max_plies, size_t tt_bytes, const gl_runner *runner, gl_err *err);

/* --- The tournament ----------------------------------------------------------- */

/* Points of a finished duel: a win 10 to the winner, a tie 5 to the side
 * with more pieces (none for equal pieces). */
void gl_duel_points(const gl_duel *d, double pts[2]);

/* Plays a round's duels (d[i].p are NULL: the members are in a[] and b[];
 * fill result and pieces). The tournament's way to ask for games: the
 * evolution plays them with gl_duels_play, a test from a script. */
typedef int (*gl_round_fn)(void *ctx, gl_duel *d, const int *a,
	const int *b, int n, gl_err *err);

/* A single-elimination tournament among members 0..n-1 as described at
 * the top, `games` games a pairing, openings drawn from 0..nopen-1:
 * points[] (n entries) gets each member's points. Returns the champion's
 * index (>= 0) or an error code from play. Draws from rng on this thread
 * only. */
int gl_tourney(int n, int games, int nopen, gl_rng *rng, gl_round_fn play,
	void *ctx, double *points, gl_err *err);

/* --- The evolution ------------------------------------------------------------ */

/* The mutation of a child's weight in breeding. */
typedef enum gl_mutation {
	GL_MUTATE_PROP,   /* the excerpt's: w +/- r * w, r = U[0,1)^2; 0 -> r */
	GL_MUTATE_UNIFORM /* a value uniform in [-range, range) */
} gl_mutation;

/* Samuel's coefficients' range ("any value between -2^18 and +2^18"). */
#define GL_MUTATE_RANGE 262144.0

typedef struct gl_evolve_config {
	int pop;          /* members, 2..1024 */
	int gens;         /* generations the run is to reach */
	int depth;        /* plies searched a move; 0: seconds instead */
	double seconds;   /* seconds a move when depth is 0 */
	int games;        /* games a pairing, 1..GL_OPENINGS_MAX */
	double pc;        /* crossover probability per pair of parents */
	double pm;        /* mutation probability per weight of a child */
	int elite;        /* best members copied unchanged (0: none) */
	int max_plies;    /* a game longer than this is a tie */
	int prune;        /* forward pruning width in the games (0: off) */
	int open_plies;   /* random opening plies (games without ballots) */
	uint64_t seed;    /* the run's seed */
	gl_mutation mutation; /* in breeding */
	double range;     /* GL_MUTATE_UNIFORM's bound, > 0 */
	/* Ours, not the excerpt's (all 0 by default: the excerpt's run): */
	int fitness;      /* GL_FITNESS_TOURNEY or GL_FITNESS_FIXED */
	bool quiesce;     /* every game searched with quiescence */
	bool signed_mut;  /* mutation that can change a weight's sign */
	bool from_pieces; /* start from piece count only, not all ones */
} gl_evolve_config;

/*
 * Our evolution mode (evolve_config.fitness = GL_FITNESS_FIXED; checkers
 * only, as it needs PADV and Samuel's terms). The excerpt's tournament
 * saturates: once the members are alike its fitness only says who beat
 * whom among them. Here every member plays `games` games against two fixed
 * players searching as it does: piece count only (PADV alone) and Samuel's
 * strongest terms (gl_evolve_fixed_weights), alternately, each opening (a
 * random ballot) with both colours; its fitness is its mean score there,
 * a win 1, a loss 0 and a tie 1/2, or 3/4 or 1/4 for the side with more
 * or fewer pieces at the end. The champion is the member of best fitness
 * (the first of equals); selection, crossover and elitism are the
 * excerpt's. signed_mut replaces the excerpt's mutation, which never
 * changes a sign, by w + s * r * (|w| + m / 16), s = +1 or -1 at random,
 * r = u * u, m the member's largest |weight|; from_pieces starts every
 * member at PADV 1 and every other weight 0, members 1.. mutated once all
 * over (as the excerpt's members start from all ones).
 */
enum { GL_FITNESS_TOURNEY = 0, GL_FITNESS_FIXED = 1 };

/* A fixed player's weights for g (checkers): name "pieces" (PADV 1,
 * every other weight 0) or "samuel" (PADV 2^20 and Samuel's twelve
 * strongest terms after 42 games by sign and power of two, samuel-terms.md).
 * Returns 0, or GL_EINVAL for another name or a game without those terms. */
int gl_evolve_fixed_weights(gl_weights *w, const gl_game *g, const char *name,
	gl_err *err);

/* The defaults: pop 16, gens 20, depth 4, games 2, pc 0.7, pm 0.05, no
 * elitism, max_plies 200, no pruning, open_plies 4, seed 1, the
 * proportional mutation (range GL_MUTATE_RANGE for the uniform one); the
 * excerpt's tournament and start, no quiescence. */
void gl_evolve_defaults(gl_evolve_config *c);

typedef struct gl_evolve gl_evolve;

/* What one generation's tournament found. */
typedef struct gl_evolve_gen {
	int gen;              /* 0 for the first */
	double best, mean, sd; /* of the fitness */
	double points;        /* all points awarded */
	int champion;         /* the tournament's winner */
	gl_weights champ;     /* its weights */
	int games, plies;     /* games played and their total length */
} gl_evolve_gen;

/* A new run for g (two players, a feature vector) with config c (copied;
 * checked: a message names a bad value). NULL on error. */
gl_evolve *gl_evolve_new(const gl_game *g, const gl_evolve_config *c,
	gl_err *err);
/* Free ev and everything it owns (NULL is a no-op). */
void gl_evolve_free(gl_evolve *ev);
/* The config and the generations done so far. */
const gl_evolve_config *gl_evolve_config_of(const gl_evolve *ev);
int gl_evolve_done(const gl_evolve *ev);
/* Set the generations to reach (to extend a run); must be >= done. */
int gl_evolve_set_gens(gl_evolve *ev, int gens, gl_err *err);
/* Member i's weights (before the next tournament). */
const gl_weights *gl_evolve_member(const gl_evolve *ev, int i);
/* The openings the run draws from. */
const gl_openings *gl_evolve_openings(const gl_evolve *ev);

/* One generation: the tournament on runner's workers, the fitness, and
 * the breeding of the next population. out gets what the tournament
 * found. Returns 0 or an error (the run is unchanged then). */
int gl_evolve_step(gl_evolve *ev, const gl_runner *runner,
	gl_evolve_gen *out, gl_err *err);

/* Save the run's state (config, generator, population) atomically: a
 * version-1 file for the proportional mutation, version 2 (a `mutation
 * uniform RANGE` line after open_plies) for the uniform one. A run in our
 * mode has one more line at the end, "ours FITNESS QUIESCE SIGNED
 * FROM_PIECES"; the excerpt's runs are written as they always were. */
int gl_evolve_save(const gl_evolve *ev, const char *path, gl_err *err);
/* A run from a saved state for game g (whose spec must match the
 * file's). NULL with "PATH:LINE: ..." for a malformed file. */
gl_evolve *gl_evolve_load(const gl_game *g, const char *path, gl_err *err);

#endif
