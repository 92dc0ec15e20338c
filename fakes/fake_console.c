// SPDX-License-Identifier: GPL-2.0-only
/*
 * A console of a test's own: it sees every record printed while the test
 * runs, with its level, and counts and keeps the lines that name a device.
 */

#include <kunit/test.h>
#include <linux/console.h>
#include <linux/ctype.h>
#include <linux/device.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "fakes.h"

#define FAKE_CON_WHERE		64

/*
 * struct fake_console - what the console saw
 * @con: an extended console, which is told each record's level
 * @lock: guards the fields below against the console's writer
 * @needle: lines must contain this (a device's name), or "" for any
 * @max_level: lines of a less urgent level are ignored
 * @mark: lines that contain mark i are counted apart too
 * @in_splat: inside a WARN's report
 * @nr: lines counted since the last reset
 * @per_level: of them, per level (FAKE_CON_SPLAT: WARN reports)
 * @marked: of them, those that contain mark i, per level
 * @line: the first FAKE_CON_LINES of them
 * @splat: where the first WARN reports stopped
 */
struct fake_console {
	struct console con;
	spinlock_t lock;	/* the fields below, against the writer */
	char needle[64];
	int max_level;
	char mark[FAKE_CON_MARKS][32];
	bool in_splat;
	unsigned int nr;
	unsigned int per_level[FAKE_CON_SPLAT + 1];
	unsigned int marked[FAKE_CON_MARKS][FAKE_CON_SPLAT + 1];
	char line[FAKE_CON_LINES][FAKE_CON_LEN];
	char splat[FAKE_CON_LINES][FAKE_CON_WHERE];
};

/* A WARN's report: from this line ... */
#define FAKE_CUT_HERE		"------------[ cut here ]------------"
/* ... to the line that has this. */
#define FAKE_END_TRACE		"---[ end trace"

/*
 * Where a WARN or BUG report says it stopped: "WARNING: ... at <file:line>
 * <function>+<offset>/<size>" gives "<function>", "kernel BUG at
 * <file:line>!" gives "BUG <file:line>" (the offsets differ between builds).
 */
static void fake_console_splat_where(char *where, const char *text,
				     unsigned int len)
{
	const char *at = strnstr(text, " at ", len), *end;

	if (!at || (strncmp(text, "WARNING:", 8) && strncmp(text, "kernel BUG", 10)))
		return;
	at += 4;
	if (text[0] == 'k') {
		end = memchr(at, '!', text + len - at) ?: text + len;
		snprintf(where, FAKE_CON_WHERE, "BUG %.*s", (int)(end - at), at);
		return;
	}
	at = memchr(at, ' ', text + len - at);
	if (!at)
		return;
	at++;
	end = memchr(at, '+', text + len - at) ?: text + len;
	snprintf(where, FAKE_CON_WHERE, "%.*s", (int)(end - at), at);
}

/*
 * Counts the line of @level, @text of @len bytes, if it has the needle; a
 * console for any line counts a WARN's report once, as FAKE_CON_SPLAT.
 */
static void fake_console_add(struct fake_console *con, int level,
			     const char *text, unsigned int len)
{
	unsigned int splat = con->per_level[FAKE_CON_SPLAT] - 1, i;

	if (con->in_splat) {
		con->in_splat = !strnstr(text, FAKE_END_TRACE, len);
		if (splat < FAKE_CON_LINES && !con->splat[splat][0])
			fake_console_splat_where(con->splat[splat], text, len);
		return;
	}
	if (!con->needle[0] && strnstr(text, FAKE_CUT_HERE, len)) {
		con->in_splat = true;
		level = FAKE_CON_SPLAT;
	} else if (!strnstr(text, con->needle, len)) {
		return;
	}
	if (con->nr < FAKE_CON_LINES)
		strscpy(con->line[con->nr], text, len + 1);
	con->nr++;
	con->per_level[level]++;
	for (i = 0; i < FAKE_CON_MARKS; i++)
		if (con->mark[i][0] && strnstr(text, con->mark[i], len))
			con->marked[i][level]++;
}

/* Extended records: "<facility << 3 | level>,<seq>,<usec>,<flags>;<text>" */
static void fake_console_write(struct console *c, const char *s,
			       unsigned int count)
{
	struct fake_console *con = container_of(c, struct fake_console, con);
	const char *text = memchr(s, ';', count), *end, *p;
	unsigned int prefix = 0, len;
	unsigned long flags;

	if (!text || !isdigit(*s))
		return;
	for (p = s; p < text && isdigit(*p); p++)
		prefix = prefix * 10 + *p - '0';
	if ((int)(prefix & 7) > con->max_level)
		return;
	text++;
	end = memchr(text, '\n', s + count - text) ?: s + count;
	len = min_t(unsigned int, end - text, FAKE_CON_LEN - 1);
	spin_lock_irqsave(&con->lock, flags);
	fake_console_add(con, prefix & 7, text, len);
	spin_unlock_irqrestore(&con->lock, flags);
}

static void fake_console_stop(void *data)
{
	struct fake_console *con = data;

	unregister_console(&con->con);
}

/**
 * fake_console() - count a device's messages from now on
 * @test: the test; the console goes when it ends
 * @dev: the device whose name the lines must contain (as dev_err() lines
 *	do), or NULL for every line; with NULL, a WARN's report counts as one
 *	line of level %FAKE_CON_SPLAT
 * @max_level: the least urgent level counted, LOGLEVEL_ERR or
 *	LOGLEVEL_WARNING
 *
 * Context: Process context; sleeps.
 * Return: the console; the test aborts if it cannot be added or if the
 * console log level hides the lines it counts.
 */
struct fake_console *fake_console(struct kunit *test, struct device *dev,
				  int max_level)
{
	struct fake_console *con = kunit_kzalloc(test, sizeof(*con),
						 GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, con);
	/* Records below the console log level never reach a console. */
	KUNIT_ASSERT_GT_MSG(test, console_loglevel, max_level,
			    "console_loglevel %d hides the messages counted",
			    console_loglevel);
	spin_lock_init(&con->lock);
	strscpy(con->needle, dev ? dev_name(dev) : "", sizeof(con->needle));
	con->max_level = max_level;
	strscpy(con->con.name, "fakecon", sizeof(con->con.name));
	con->con.write = fake_console_write;
	con->con.flags = CON_ENABLED | CON_EXTENDED;
	con->con.index = -1;
	register_console(&con->con);
	KUNIT_ASSERT_TRUE_MSG(test, console_is_registered(&con->con),
			      "cannot add a console");
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fake_console_stop,
							con), 0);
	return con;
}
EXPORT_SYMBOL_GPL(fake_console);

/* Pending records reach the consoles before this returns. */
static void fake_console_flush(void)
{
	console_lock();
	console_unlock();
}

/**
 * fake_console_count() - lines counted since the last reset
 * @con: the console
 *
 * Records still pending are printed first, so every message printed
 * before the call is counted.
 *
 * Context: Process context; sleeps.
 * Return: the number of lines.
 */
unsigned int fake_console_count(struct fake_console *con)
{
	unsigned long flags;
	unsigned int nr;

	fake_console_flush();
	spin_lock_irqsave(&con->lock, flags);
	nr = con->nr;
	spin_unlock_irqrestore(&con->lock, flags);
	return nr;
}
EXPORT_SYMBOL_GPL(fake_console_count);

/**
 * fake_console_count_level() - lines of one level since the last reset
 * @con: the console
 * @level: a LOGLEVEL_* up to the console's, or %FAKE_CON_SPLAT
 *
 * Context: Process context; sleeps.
 * Return: the number of lines.
 */
unsigned int fake_console_count_level(struct fake_console *con, int level)
{
	unsigned long flags;
	unsigned int nr;

	fake_console_flush();
	spin_lock_irqsave(&con->lock, flags);
	nr = con->per_level[level];
	spin_unlock_irqrestore(&con->lock, flags);
	return nr;
}
EXPORT_SYMBOL_GPL(fake_console_count_level);

/**
 * fake_console_mark() - count the lines that contain a text apart
 * @con: the console
 * @i: the mark's number, below %FAKE_CON_MARKS
 * @mark: the text
 *
 * Context: Any context.
 */
void fake_console_mark(struct fake_console *con, unsigned int i,
		       const char *mark)
{
	unsigned long flags;

	spin_lock_irqsave(&con->lock, flags);
	strscpy(con->mark[i], mark, sizeof(con->mark[i]));
	spin_unlock_irqrestore(&con->lock, flags);
}
EXPORT_SYMBOL_GPL(fake_console_mark);

/**
 * fake_console_count_marked() - lines of a mark and level since the reset
 * @con: the console
 * @i: the mark's number
 * @level: a LOGLEVEL_* up to the console's, or %FAKE_CON_SPLAT
 *
 * Context: Process context; sleeps.
 * Return: the number of lines.
 */
unsigned int fake_console_count_marked(struct fake_console *con,
				       unsigned int i, int level)
{
	unsigned long flags;
	unsigned int nr;

	fake_console_flush();
	spin_lock_irqsave(&con->lock, flags);
	nr = con->marked[i][level];
	spin_unlock_irqrestore(&con->lock, flags);
	return nr;
}
EXPORT_SYMBOL_GPL(fake_console_count_marked);

/**
 * fake_console_splat() - where a WARN report stopped
 * @con: a console for every line
 * @i: which report since the last reset, from 0
 *
 * Context: Any context, after a count.
 * Return: the function, "BUG <file:line>", or "" when there is no such
 * report.
 */
const char *fake_console_splat(struct fake_console *con, unsigned int i)
{
	return i < min_t(unsigned int, con->per_level[FAKE_CON_SPLAT],
			 FAKE_CON_LINES) ? con->splat[i] : "";
}
EXPORT_SYMBOL_GPL(fake_console_splat);

/**
 * fake_console_line() - one counted line
 * @con: the console
 * @i: which, from 0, below %FAKE_CON_LINES
 *
 * Context: Any context, after a count.
 * Return: the line without its record header, or "" when there is none.
 */
const char *fake_console_line(struct fake_console *con, unsigned int i)
{
	return i < min_t(unsigned int, con->nr, FAKE_CON_LINES) ?
	       con->line[i] : "";
}
EXPORT_SYMBOL_GPL(fake_console_line);

/**
 * fake_console_reset() - forget what was counted
 * @con: the console
 *
 * Records still pending are printed first, so that they are forgotten too.
 *
 * Context: Process context; sleeps.
 */
void fake_console_reset(struct fake_console *con)
{
	unsigned long flags;

	fake_console_flush();
	spin_lock_irqsave(&con->lock, flags);
	con->nr = 0;
	memset(con->per_level, 0, sizeof(con->per_level));
	memset(con->marked, 0, sizeof(con->marked));
	memset(con->splat, 0, sizeof(con->splat));
	spin_unlock_irqrestore(&con->lock, flags);
}
EXPORT_SYMBOL_GPL(fake_console_reset);
