# SPDX-License-Identifier: GPL-2.0-only
#
# Judges the DVFS sequencing of the demo from the kernel trace.
#   awk -f check-trace.awk EXPECTED TRACE
# EXPECTED: one "device old_hz new_hz" line per change user space made.
# TRACE:    tracefs "trace" with clk_set_rate, regulator_set_voltage and
#           opp_set_rate events. opp_set_rate closes a transition: the clock
#           and supply events before it (since the previous one) are its steps.
# A rising transition must move every supply before the clock, a falling
# one the clock before every supply; every expected change must appear, in
# the order EXPECTED gives for its device (devices may interleave: a thermal
# step moves the GPU at once and the CPUs from a work item), with result 0. A transition to the rate the device already runs at
# only sets the supplies (the first one after boot). Prints one table row
# per transition; exits 1 on any violation.
#
# With -v driven=1 (the second act: schedutil moves the CPUs) nothing is
# asked for by user space, so EXPECTED is empty: every traced transition is
# still checked, and at least one must rise and one fall.

function field(line, key,    s) {
	if (!match(line, key "=[^ ]*"))
		return ""
	s = substr(line, RSTART, RLENGTH)
	return substr(s, length(key) + 2)
}

function mhz(hz) {
	return sprintf("%d", hz / 1000000)
}

function reset_steps() {
	steps = ""
	order = ""
	nv = 0
	nf = 0
}

function check(dev, old, new, old_uv, new_uv, result,    why) {
	why = ""
	if (result != 0)
		why = "result " result
	else if (new != old && nf == 0)
		why = "clock never set"
	else if (old_uv != new_uv && nv == 0)
		why = "voltage never set"
	else if (new > old && order ~ /F.*V/)
		why = "clock before voltage while rising"
	else if (new < old && order ~ /V.*F/)
		why = "voltage before clock while falling"
	return why
}

BEGIN {
	nexp = 0
	total = 0
	bad = 0
	rises = 0
	falls = 0
	reset_steps()
}

FILENAME == ARGV[1] {
	i = want[$1]++
	expected[$1, i] = $1 " " $2 " " $3
	nexp++
	next
}

/ clk_set_rate: / {
	sub(/.* clk_set_rate: /, "")
	steps = steps sprintf("%s %s=%sMHz", steps == "" ? "" : ",", $1, mhz($2))
	order = order "F"
	nf++
	next
}

/ regulator_set_voltage: / {
	name = field($0, "name")
	range = $0
	sub(/.*\(/, "", range)
	sub(/\).*/, "", range)
	split(range, uv, "-")
	steps = steps sprintf("%s %s=%smV", steps == "" ? "" : ",", name, uv[1] / 1000)
	order = order "V"
	nv++
	next
}

/ opp_set_rate: / {
	dev = field($0, "device")
	old = field($0, "old_rate")
	new = field($0, "new_rate")
	why = check(dev, old + 0, new + 0, field($0, "old_uv") + 0,
		    field($0, "new_uv") + 0, field($0, "result") + 0)
	key = dev " " old " " new
	tag = ""
	if (new + 0 > old + 0)
		rises++
	else if (new + 0 < old + 0)
		falls++
	if (seen[dev] < want[dev] && expected[dev, seen[dev] + 0] == key)
		seen[dev]++
	else if (driven && old != new)
		tag = " (by the governor)"
	else if (old == new)
		tag = " (first vote at the boot rate)"
	else
		tag = " (not asked for)"
	printf "    %-16s %5s -> %-5s MHz  %-5s %-4s %s%s\n", dev, mhz(old),
	       mhz(new), order == "" ? "-" : order,
	       why == "" ? "OK" : "BAD", steps, tag
	if (why != "") {
		printf "    ^ %s\n", why
		bad++
	}
	total++
	reset_steps()
}

END {
	for (d in want)
		for (i = seen[d] + 0; i < want[d]; i++) {
			printf "    missing from the trace: %s\n", expected[d, i]
			bad++
		}
	if (total == 0) {
		print "    no transition traced"
		bad++
	}
	if (driven) {
		if (rises == 0 || falls == 0) {
			printf "    the governor never moved the rate %s\n",
			       rises == 0 ? "up" : "down"
			bad++
		}
		printf "demo: %d transitions traced (%d up, %d down), %d wrong\n",
		       total, rises, falls, bad
		exit bad != 0
	}
	if (nexp == 0) {
		print "    no change was asked for"
		bad++
	}
	printf "demo: %d transitions traced, %d asked for, %d wrong\n",
	       total, nexp, bad
	exit bad != 0
}
