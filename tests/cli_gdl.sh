#!/bin/sh
# cli_gdl.sh BIN - `gamelearn gdl check` and GDL games through the usual
# commands: valid files accepted with their sizes and reasoner, invalid
# ones refused with FILE:LINE:COL and exit 1, and gdl:FILE specs in
# show/perft (the prover's too).
. "$(dirname "$0")/lib_cli.sh"

D=data/gdl
expect 0 "valid: 2 roles (xplayer oplayer), 29 base propositions, 10 moves" \
	gdl check $D/games/ticTacToe.kif
expect 0 "valid: 1 roles (robot)" gdl check $D/test/test_case_5e.kif
expect 0 "ticTacToe.kif: goal lines: xplayer 8 of 3, oplayer 8 of 3" \
	gdl check $D/games/ticTacToe.kif
expect 0 "connectFour.kif: goal lines: red 84 of 4, black 84 of 4" \
	gdl check $D/test/connectFour.kif
expect 0 "othello-comp2007.kif: goal lines: none" \
	gdl check $D/hard/othello-comp2007.kif
expect 1 "test_invalid_function_arities_differ.kif:8:15: function 'a' used with 2 arguments, elsewhere with 1" \
	gdl check $D/test/test_invalid_function_arities_differ.kif
expect 1 "test_invalid_sentence_arities_differ.kif:13:1: relation 'foo' used with 2 arguments, elsewhere with 1" \
	gdl check $D/test/test_invalid_sentence_arities_differ.kif
expect 1 "test_case_3b.kif:14:19: unsafe rule: variable ?x" gdl check $D/test/test_case_3b.kif
expect 1 "deep_nesting.kif:1:65: lists nested deeper than 64" gdl check $D/crashers/deep_nesting.kif
expect 1 "no-such.kif" gdl check $D/no-such.kif
expect 2 "usage: gamelearn gdl check FILE... \[--reasoner R\] \[--fold-case\] \[--demand\] \[--layout\] \[--playouts N\]" gdl
expect 2 "gdl: unknown subcommand 'nosuch' (usage: gamelearn gdl check FILE..." gdl nosuch
# an invalid file is refused with the same message wherever it is loaded
expect 2 "test_invalid_sentence_arities_differ.kif:13:1: relation 'foo'" \
	show gdl:$D/test/test_invalid_sentence_arities_differ.kif
expect 2 "test_invalid_function_arities_differ.kif:8:15:" \
	perft gdl:$D/test/test_invalid_function_arities_differ.kif 2
# GDL games in the usual commands
expect 0 "(mark 1 1)" show gdl:$D/games/ticTacToe.kif
expect 0 "oplayer to move" show gdl:$D/games/ticTacToe.kif --moves "(mark 2 2)"
expect 0 "(cell 2 2 x)" show gdl:$D/games/ticTacToe.kif --moves "( MARK 2 2 )"
expect 0 "^127872" perft gdl:$D/games/ticTacToe.kif 9
expect 0 "^15120" perft gdl 5
expect 0 "^32768" perft gdl:$D/games/connectFour.kif 5
# joint moves, as GGP reasoners count them: roshambo2's two roles choose
# at once among 4, so a step is 16 joint moves (the game interface
# counts each role's choice as a move: 16 after two moves)
expect 0 "^256$" perft --joint gdl:$D/games/roshambo2.kif 2
expect 0 "^16$" perft gdl:$D/games/roshambo2.kif 2
expect 0 "^rock paper: 1$" perft --joint --divide gdl:$D/games/roshambo2.kif 1
expect 0 "^11132$" perft --joint gdl:$D/hard/breakthrough.kif 3
# the last ply multiplied, not walked (issue 70): six roles of 101 moves
# each, 101^6 joint moves in one step (walking them took hours; ctest's
# timeout fails it)
expect 0 "^1061520150601$" perft --joint gdl:$D/joint/six101.kif 1
expect 2 "tictactoe is not a GDL game" perft --joint tictactoe 2
# bench --playouts measures what it can: a game it cannot load gets a row
# saying why, the next game is still measured, and the exit status says so
expect 1 "hostile/join.kif.*refused.*grounding too big" bench --playouts \
	gdl:$D/no-such.kif gdl:file=$D/hostile/join.kif,reasoner=net
expect 1 "bench: 2 games could not be measured" bench --playouts \
	gdl:$D/no-such.kif gdl:file=$D/hostile/join.kif,reasoner=net
expect 2 "no --position or --moves" perft --joint gdl --moves "(mark 1 1)" 2
expect 1 "no move 'mark'" show gdl:$D/games/ticTacToe.kif --moves mark
expect 0 "gdl" list

# a few lines asking for unbounded grounding work are refused, not run:
# by the network alone; by default they go to the prover when only the
# rules' instances are too many, not the domain
expect 1 "grounding too big" gdl check --reasoner net $D/hostile/join.kif
expect 0 "reasoner prover (grounding too big (more than 4194304 ground rules" \
	gdl check $D/hostile/join.kif
expect 1 "grounding too big (a ground term nested deeper than 64: a recursion through a function term that never ends?) (asked on demand too)$" \
	gdl check $D/hostile/deep_term.kif
expect 0 "4 moves, 107 ground atoms, reasoner prover, compiled" \
	gdl check --reasoner prover $D/prover/cross.kif
expect 0 "10 moves, 194 ground atoms, 401 ground rules, 164 gates, reasoner net" \
	gdl check $D/games/ticTacToe.kif
expect 2 "gdl check: --reasoner must be auto, net or prover" gdl check --reasoner fast $D/games/ticTacToe.kif
expect 0 "^512" perft gdl:file=$D/games/connectFour.kif,reasoner=prover 3

# invalid games are refused with what is wrong
expect 1 "duplicate_role.kif:1:15: role 'x' is declared twice" gdl check $D/invalid/duplicate_role.kif
expect 1 "goal value '500' of role 'x' is not an integer 0..100" gdl check $D/invalid/goal_500.kif
expect 1 "no 'legal' rule or fact" gdl check $D/invalid/no_legal.kif
expect 2 "no 'legal' rule or fact" show gdl:$D/invalid/no_legal.kif
# negation through a ground recursion: refused by the network at load
expect 1 "not stratified on the ground program: (goal r 100) depends on (not (goal r 0)), which depends on (goal r 100)" \
	gdl check $D/invalid/ground_unstratified.kif
# goal negated inside its own definition, stratified on the ground atoms:
# a note, not a problem
expect 0 "valid: 1 roles (robot), 137 base propositions, 65 moves" \
	gdl check $D/hard/queens08lg.kif
expect 0 "queens08lg.kif:123:10: note: 'goal' is negated inside its own recursion: stratified only on the ground program" \
	gdl check $D/hard/queens08lg.kif
expect 0 "^2640" perft gdl:$D/hard/queens08lg.kif 2

# names are case-sensitive, as game servers read them, unless folded
expect 0 "valid: 1 roles (player), 4 base propositions, 4 moves" gdl check $D/case/case.kif
expect 0 "valid: 1 roles (player), 4 base propositions, 3 moves" gdl check --fold-case $D/case/case.kif
# the rules asked on demand (magic sets): at once with --demand, and when
# the grounding is too big without (merrills)
expect 0 "reasoner net (the rules asked on demand (magic sets))" gdl check --demand $D/games/connectFour.kif
expect 0 "reasoner net (grounding too big (more than 2097152 ground atoms); the rules asked on demand" gdl check --playouts 0 $D/hard/merrills.kif
expect 0 "legal moves (3): (go 1) (mark A) (mark a)" show gdl:$D/case/case.kif
expect 0 "legal moves (3): (go 1) (go 2) (mark a)" show gdl:$D/case/case.kif,case=fold
expect 0 "(step 9)" show gdl:$D/case/case.kif --moves "(mark A)"
expect 1 "no move '(MARK A)'" show gdl:$D/case/case.kif --moves "(MARK A)"
expect 2 "case 'lower' is neither keep nor fold" show gdl:$D/case/case.kif,case=lower

# a role given two goal values in one state (pentago's rules): told once
expect 0 "pentago.kif: note: the rules give role 'black' 2 goal values in a state reached by random play after [0-9]* moves (0 and 100); gamelearn uses the largest, 100" \
	gdl check $D/games/pentago.kif
"$BIN" gdl check --playouts 0 $D/games/pentago.kif >"$tmp/out" 2>&1
if [ $? -eq 0 ] && ! grep -q note "$tmp/out"; then ok; else bad "gdl check --playouts 0: $(cat "$tmp/out")"; fi
"$BIN" match gdl:$D/games/pentago.kif random random --n 20 >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "^gamelearn: note: $D/games/pentago.kif: the rules give role 'black' 2 goal values in one state (0 and 100); the largest, 100, is used" "$tmp/err"; then
	ok; else bad "match pentago: $(cat "$tmp/err")"; fi
"$BIN" match gdl:$D/games/ticTacToe.kif random random --n 20 >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && [ ! -s "$tmp/err" ]; then ok; else bad "match ticTacToe: $(cat "$tmp/err")"; fi

# bytes outside ASCII: refused where they are (they were taken into
# symbols), but in comments; a UTF-8 byte order mark is skipped
(cat $D/games/ticTacToe.kif; printf '\n(role x\377)\n') >"$tmp/hi.kif"
expect 1 "hi.kif:[0-9]*:8: byte 0xff outside ASCII" gdl check "$tmp/hi.kif"
(printf '\357\273\277; caf\303\251\n'; cat $D/games/ticTacToe.kif) >"$tmp/bom.kif"
expect 0 "bom.kif: valid: 2 roles (xplayer oplayer), 29 base propositions" gdl check --playouts 0 "$tmp/bom.kif"
printf '(role x)\177\n' >"$tmp/del.kif"
expect 1 "del.kif:1:9: control character 0x7f" gdl check "$tmp/del.kif"

# rules that never end a game: a note from the probe; match and play stop
# at the bound on moves with an error (play once wrote past its history)
E=$D/hostile/endless.kif
expect 0 "endless.kif: note: none of 100 random playouts ended within 500 joint moves" gdl check $E
expect_error 1 "match 1: gdl:file=$E.* did not end within its bound of 2000 moves" match gdl:$E random random
yes go | head -n 2100 | "$BIN" play gdl:$E --opponent random >/dev/null 2>"$tmp/err"
if [ $? -eq 1 ] && grep -q "did not end within its bound of 2000 moves" "$tmp/err"; then ok; else
	bad "play endless: $(tail -n 2 "$tmp/err")"; fi
# a role with no legal move before the end, or no goal at it: notes
(cat $D/games/ticTacToe.kif; echo "(role extra)") >"$tmp/extra.kif"
expect 0 "note: the rules give role 'extra' no legal move in the state reached by random play after 0 moves" gdl check "$tmp/extra.kif"
echo "(role x) (init (a)) (<= terminal (true (a))) (<= (goal x 100) (true (b))) (legal x go) (next (a))" >"$tmp/nogoal.kif"
expect 0 "note: the rules give role 'x' no goal value in the terminal state reached by random play after 0 moves" gdl check "$tmp/nogoal.kif"

finish
