# ktap-verdict.awk: judges a raw kernel log that holds KUnit's KTAP output.
#
# Counts leaf test cases: a result line with no nested results under it.
# A parameterised case therefore counts once per parameter, a suite not at all.
# Failed: a leaf reported "not ok", or one during which (between the previous
# result line and its own) the kernel printed a splat. One failure more for each
# of: a splat outside any test case (boot, suite init/exit, shutdown), a suite
# or case reported "not ok" with no failed leaf under it, each planned result
# that never came (crash, timeout). "# SKIP" counts as skipped.
# A case that provokes a WARN on purpose says so first, with a diagnostic
# line "# <case>: expect WARN in <function>": the next WARN report, from
# its "cut here" to its "end trace" line, is not a splat when its WARNING
# line names that function (or a copy gcc made of it: fn.part.0, fn.isra.0). Any other report still is.
# Exit status 1 when anything failed or was skipped, or when no test ran.
# The last line printed is "N passed, N failed[, N skipped]".

BEGIN {
	splat_re = "BUG:|WARNING:|Oops|general protection fault|Kernel panic|" \
		"kernel BUG|Call Trace:|cut here|Unable to handle|UBSAN:|KASAN:|KFENCE:|" \
		"possible circular locking|possible recursive locking|" \
		"inconsistent lock state|lock held when returning|lockdep is turned off|" \
		"turning off the locking correctness validator|" \
		"DEBUG_LOCKS_WARN_ON|suspicious RCU usage|" \
		"sleeping function called from invalid context|INFO: task .* blocked|" \
		"detected stall|soft lockup|hard LOCKUP|suspected memory leak|" \
		"ODEBUG:|list_add corruption|list_del corruption|refcount_t:|" \
		"stack-protector|stack guard page|double fault"
	# Boot banners that merely mention a keyword.
	benign_re = "^Lock dependency validator"
	pass = fail = skip = 0
	in_tests = 0; top_done = 0; pending = 0; outside_win = -1; win = 0
}

function note(msg) { notes[++nnotes] = msg }

function full_name(lvl, leaf,    k, s) {
	s = ""
	for (k = 1; k <= lvl; k++)
		if (name[k] != "") s = s name[k] "."
	return s leaf
}

function open_level(lvl) {
	if (open[lvl] && seen[lvl] == 0) return
	open[lvl] = 1; seen[lvl] = 0; plan[lvl] = ""; name[lvl] = ""
	fail_snap[lvl] = fail
}

function close_level(lvl) {
	open[lvl] = 0; seen[lvl] = 0; plan[lvl] = ""; name[lvl] = ""
}

function result(lvl, text,    failed, skipped, nm, d, child, missing, who) {
	failed = (text ~ /^not ok/)
	sub(/^(not )?ok [0-9]+ ?/, "", text)
	nm = text
	d = index(nm, " # ")
	if (d) nm = substr(nm, 1, d - 1)
	skipped = (substr(text, d + 3) ~ /^(SKIP|skip)/) && d
	child = lvl + 1
	if (open[child] && seen[child] > 0) {
		who = full_name(lvl, nm)
		missing = (plan[child] != "") ? plan[child] - seen[child] : 0
		if (missing > 0) {
			fail += missing
			note("FAIL " who ": " missing " planned result(s) missing")
		}
		if (failed && fail == fail_snap[child]) {
			fail++
			note("FAIL " who ": reported not ok with no failed case")
		}
		if (pending) {
			fail++
			note("FAIL " who ": kernel splat outside its cases (init/exit), log line " pending)
		}
		close_level(child)
	} else {
		who = full_name(lvl, nm)
		leaves++
		if (pending && !failed) {
			failed = 1
			note("FAIL " who ": kernel splat while it ran, log line " pending)
		} else if (failed) {
			note("FAIL " who)
		}
		if (failed) fail++
		else if (skipped) { skip++; note("SKIP " who ": " substr(text, d + 8)) }
		else pass++
		if (open[child]) close_level(child)
	}
	pending = 0
	win++
	seen[lvl]++
	if (lvl == 0 && plan[0] != "" && seen[0] >= plan[0]) { in_tests = 0; top_done = 1 }
}

function splat(nr) {
	splats[++nsplats] = nr
	if (in_tests) {
		if (!pending) pending = nr
	} else if (outside_win != win) {
		outside_win = win
		fail++
		note("FAIL kernel splat outside any test case, log line " nr)
	}
}

{
	sub(/\r$/, "")
	raw[NR] = $0
	line = $0
	sub(/^\[ *[0-9]+\.[0-9]+\] ?/, "", line)
	ind = match(line, /[^ ]/) - 1
	if (ind < 0) next
	lvl = int(ind / 4)
	text = substr(line, ind + 1)

	if (text ~ /^K?TAP version [0-9]+$/) {
		if (lvl == 0) { if (!top_done) { ktap = 1; in_tests = 1 } }
		else open_level(lvl)
	} else if (text ~ /^# Subtest: /) {
		if (lvl > 0) { open_level(lvl); name[lvl] = substr(text, 12) }
	} else if (text ~ /^1\.\.[0-9]+/ && (lvl == 0 ? ktap : open[lvl])) {
		plan[lvl] = substr(text, 4) + 0
		if (lvl == 0 && plan[0] == 0) { in_tests = 0; top_done = 1 }
	} else if (text ~ /^(not )?ok [0-9]+/ && ktap) {
		result(lvl, text)
		expect_fn = ""
	} else if (text ~ /^# .*: expect WARN in [A-Za-z0-9_]+$/) {
		expect_fn = text
		sub(/.* expect WARN in /, "", expect_fn)
	} else if (expect_fn != "" && !expected && line ~ /cut here/) {
		expected = NR; expected_ok = 0
	} else if (expected) {
		if (line ~ ("^WARNING: .* " expect_fn "(\\.[a-z]+\\.[0-9]+)*\\+0x"))
			expected_ok = 1
		else if (line ~ /end trace/) {
			if (!expected_ok) splat(expected)
			expected = 0; expect_fn = ""
		}
	} else if (text !~ /^# / && line ~ splat_re && line !~ benign_re) {
		splat(NR)
	}
}

function print_splats(    i, from, to, k, shown) {
	if (!nsplats) return
	print "== kernel splats (" nsplats " matching lines; full log: " FILENAME ") =="
	to = 0; shown = 0
	for (i = 1; i <= nsplats && shown < 300; i++) {
		from = splats[i] - 2
		if (from <= to) from = to + 1
		else print "--- log line " splats[i] " ---"
		to = splats[i] + 8
		if (to > NR) to = NR
		for (k = from; k <= to && shown < 300; k++) { print raw[k]; shown++ }
	}
}

function check_crash(    l, maxl, missing) {
	for (l in open) if (open[l] && l + 0 > maxl) maxl = l + 0
	for (l = maxl; l >= 0; l--) {
		if (l > 0 && !open[l]) continue
		if (plan[l] != "") missing = plan[l] - seen[l] - (open[l + 1] ? 1 : 0)
		else missing = (l > 0) ? 1 - (open[l + 1] ? 1 : 0) : 0
		if (missing > 0) {
			fail += missing
			note("FAIL " (l > 0 ? full_name(l - 1, name[l]) : "top level") ": " \
			     missing " planned result(s) missing (crash or timeout?)")
		}
	}
}

END {
	check_crash()
	print_splats()
	# Host-side checks run by check.sh (compile checks) count as cases too.
	pass += ENVIRON["OPP_EXTRA_PASSED"] + 0
	fail += ENVIRON["OPP_EXTRA_FAILED"] + 0
	for (i = 1; i <= nnotes; i++) print notes[i]
	if (!ktap) print "FAIL: no KTAP output in the log"
	if (leaves == 0) print "FAIL: no test ran"
	if (skip) print "FAIL: skipped tests count as failures here"
	printf "%d passed, %d failed", pass, fail
	if (skip) printf ", %d skipped", skip
	printf "\n"
	exit (fail || skip || leaves == 0) ? 1 : 0
}
