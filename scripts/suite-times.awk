# Prints how long each KUnit suite ran in QEMU, from kunit.py's output: the
# time of day kunit.py stamps on a suite's header line and on its result
# line (kunit.py parses the kernel log as it streams, so the stamps follow
# the run; one-second resolution), as suite=seconds, longest first; then
# the sum.
#   awk -f suite-times.awk last-kunit.out
function secs(stamp, t) {
	split(substr(stamp, 2, 8), t, ":")
	return t[1] * 3600 + t[2] * 60 + t[3]
}
# "[hh:mm:ss] ==== name (N subtests) ====" opens a suite.
/^\[[0-9:]+\] =+ [a-z0-9_]+ \([0-9]+ subtests?\) =+$/ {
	open_[$3] = secs($1)
	next
}
# "[hh:mm:ss] ==== [PASSED] name ====" closes it.
/^\[[0-9:]+\] =+ \[[A-Z]+\] [a-z0-9_]+ =+$/ {
	name = $4
	if (name in open_) {
		d = secs($1) - open_[name]
		if (d < 0)
			d += 86400
		took[name] = d
		total += d
		n++
	}
}
END {
	if (!n)
		exit
	cmd = "sort -t= -k2,2nr -k1,1 | paste -sd ' ' | fold -s -w 76 | sed 's/ *$//'"
	for (name in took)
		printf "%s=%d\n", name, took[name] | cmd
	close(cmd)
	printf "%d suites, %d s in all\n", n, total
}
