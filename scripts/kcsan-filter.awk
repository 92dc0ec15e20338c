# kcsan-filter.awk: sorts the KCSAN reports of a raw kernel log.
#
# Variables: syms, a file of function names (one a line) that belong to the
# OPP core or its tests; out, where the log goes with every report that
# names none of them taken out. A report "involves the OPP core" when its
# title or one of its stack frames names such a function. Every report is
# printed on stdout all the same, each with its verdict, and counted; the last
# line is "race: N KCSAN report(s) involve the OPP core, M elsewhere".

BEGIN {
	while ((getline s < syms) > 0)
		ours[s] = 1
	close(syms)
	n = 0; ocount = 0; other = 0
}

function fname(t,    f) {
	f = t
	sub(/^\[ *[0-9]+\.[0-9]+\] */, "", f)
	sub(/^ +/, "", f)
	sub(/^\? +/, "", f)
	if (f !~ /^[A-Za-z_][A-Za-z0-9_.]*\+0x[0-9a-f]+\/0x[0-9a-f]+/)
		return ""
	sub(/\+.*/, "", f)
	sub(/\..*/, "", f)	# .isra.0, .constprop.0, .cold
	return f
}

function flush(    i, hit, f, t, w) {
	hit = 0
	for (i = 1; i <= n; i++) {
		f = fname(buf[i])
		if (f != "" && f in ours) hit = 1
		if (buf[i] ~ /BUG: KCSAN: /) {
			t = buf[i]
			sub(/.*BUG: KCSAN: [a-z-]+ in /, "", t)
			gsub(/ \/ /, " ", t)
			for (w = split(t, ws, " "); w > 0; w--) {
				f = ws[w]; sub(/\+.*/, "", f); sub(/\..*/, "", f)
				if (f in ours) hit = 1
			}
		}
	}
	if (hit) ocount++; else other++
	printf "KCSAN report %d (%s):\n", ocount + other, hit ? "involves the OPP core" : "elsewhere, not ours"
	for (i = 1; i <= n; i++) {
		print "    " buf[i]
		if (hit) print buf[i] > out
	}
	n = 0
}

{
	line = $0
	sub(/\r$/, "", line)
	if (!inrep && line ~ /========================================$/) {
		# A report opens with a rule and its title on the next line.
		if (held != "") print held > out
		held = line
		next
	}
	if (held != "") {
		if (line ~ /BUG: KCSAN: /) {
			inrep = 1; n = 0; buf[++n] = held; buf[++n] = line; held = ""
			next
		}
		print held > out
		held = ""
	}
	if (inrep) {
		buf[++n] = line
		if (line ~ /========================================$/) { inrep = 0; flush() }
		next
	}
	print line > out
}

END {
	if (held != "") print held > out
	if (inrep) flush()
	printf "race: %d KCSAN report(s) involve the OPP core, %d elsewhere\n", ocount, other
}
