// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_diff: generated scenarios, each written out as a trace of
 * what a caller of the OPP core can observe, so that make difftest can run
 * them on upstream's core and on ours and compare the traces.
 *
 * A scenario is a table and a program. The table is one of fz_dt.c's seed
 * shapes, as it is or mutated, attached under /opp-fuzz; one scenario in
 * four has no device tree and gets its OPPs from dev_pm_opp_add(). Device 0
 * has a fake clock and the regulators its seed names, given with
 * dev_pm_opp_set_config(). The program is a random list of public calls:
 * table loads and removals, adds and removals of OPPs, enable and disable,
 * voltage adjustments, set_rate and set_opp (rate 0 and NULL among them),
 * lookups and getters, references held across removals, a notifier, a
 * configuration set or cleared, and a failure armed in a fake for the next
 * call.
 *
 * The trace holds a line per call with its arguments and result, one per
 * change reaching the fakes (rate, voltage, enable, disable), one per
 * notification, the levels of the kernel log lines the call printed (not
 * their number or text, which are each core's own; a WARN with the
 * function it stopped in), every device's OPPs after each call that may
 * change them, and the debugfs tree under opp/ before the tables go.
 *
 * Linux 6.12 crashes in some sequences of calls, and a crash ruins the
 * scenarios after it: the program keeps away from those, each rule where
 * it is obeyed (conformance/README.md lists them).
 *
 * Each scenario prints "opp_diff #I seed S: <crc32> <lines> lines"; with
 * diff_dump, every line of its trace as well, which is how make difftest
 * shows a difference. A scenario is a function of (diff_seed, I) alone.
 *
 * opp_conformance.diff_n     scenarios to run (default 300)
 * opp_conformance.diff_seed  the seed they derive from (default 1)
 * opp_conformance.diff_only  run only these scenarios (a list of numbers)
 * opp_conformance.diff_dump  print every trace line
 */

#include <kunit/test.h>
#include <linux/crc32.h>
#include <linux/device.h>
#include <linux/moduleparam.h>
#include <linux/pm_opp.h>

#include "conf.h"
#include "fz_dt.c"

static unsigned int diff_n = 300;
module_param(diff_n, uint, 0444);
MODULE_PARM_DESC(diff_n, "number of scenarios opp_diff runs");
static unsigned long diff_seed = 1;
module_param(diff_seed, ulong, 0444);
MODULE_PARM_DESC(diff_seed, "seed of opp_diff's scenarios");
static unsigned int diff_only[256];
static unsigned int diff_nr_only;
module_param_array(diff_only, uint, &diff_nr_only, 0444);
MODULE_PARM_DESC(diff_only, "run only these scenarios of opp_diff");
static bool diff_dump;
module_param(diff_dump, bool, 0444);
MODULE_PARM_DESC(diff_dump, "print every line of opp_diff's traces");

#define DF_LINE		200
#define DF_STEPS	14
#define DF_HELD		4
#define DF_RATES	12
#define DF_REGS		2
#define DF_ADDED	16
#define DF_FREQ		100000000UL	/* the clock's rate at the start */
#define DF_MARK_NODE	0		/* console marks */
#define DF_MARK_DEBUGFS	1

enum df_fail { DF_FAIL_NONE, DF_FAIL_CLK, DF_FAIL_VOLT, DF_FAIL_ENABLE };

/**
 * struct df - one scenario
 * @test: its case
 * @dt: its device tree table, if @with_dt
 * @with_dt: the table comes from the device tree
 * @rs: its random state
 * @crc: the trace so far, hashed
 * @lines: lines in the trace
 * @log: what the fakes saw since the last step
 * @clk: device 0's clock
 * @reg: device 0's regulators
 * @nr_regs: entries in @reg
 * @con: the console, every device's lines
 * @names: their names
 * @dev: the devices
 * @nr_devs: entries in @dev
 * @token: device 0's set_config token, or 0
 * @held: OPPs the program holds a reference on
 * @nr_held: entries in @held
 * @nb: the notifier
 * @notified: @nb is registered
 * @rates: rates the program picks from
 * @nr_rates: entries in @rates
 * @fail: the failure armed for the next step
 * @loads: the table loads of each device not undone yet
 * @dropped: the table removals and failed loads of each device
 * @providers: devices 1 and 2 provide the required OPPs of device 0
 * @requires: a node of the tree has "required-opps": Linux dereferences
 *	NULL when an OPP is added to a table with required OPPs, so the
 *	program adds none
 * @pin: device 0's table, held while the program holds OPPs
 * @added: the OPPs the program added and did not remove: device and rate
 * @nr_added: entries in @added
 * @moved: a transition of device 0 was asked
 * @leaky: an OPP was added again, and Linux keeps a table reference for it
 * @supplies_changed: Linux changed its count of the table's supplies: an
 *	OPP was added by code to a table configured with several regulators
 *	or none (one from then on, so a device tree table of several is
 *	refused, and one without supplies lists one), or the regulators were
 *	cleared (none: a legacy table then lists no supply). The program
 *	loads no table after that
 * @swept: all dynamic OPPs of device 0 were removed after a transition, or
 *	one it may hold or run at was removed: no sweep of its table follows
 * @dvfs_unsafe: a configuration with regulators was cleared from device
 *	0's table while it had OPPs: Linux then dereferences NULL in its
 *	next transition, so the program makes none until the table is gone
 */
struct df {
	struct kunit *test;
	struct fz_dt dt;
	bool with_dt;
	struct rnd_state rs;
	u32 crc;
	unsigned int lines;
	struct fake_log *log;
	struct fake_clk *clk;
	struct fake_reg *reg[DF_REGS];
	unsigned int nr_regs;
	struct fake_console *con;
	char names[FZ_DEVS][24];
	struct device *dev[FZ_DEVS];
	unsigned int nr_devs;
	int token;
	struct dev_pm_opp *held[DF_HELD];
	unsigned int nr_held;
	struct notifier_block nb;
	bool notified;
	unsigned long rates[DF_RATES];
	unsigned int nr_rates;
	enum df_fail fail;
	unsigned int loads[FZ_DEVS];
	unsigned int dropped[FZ_DEVS];
	bool providers;
	bool requires;
	struct {
		unsigned int dev;
		unsigned long rate;
	} added[DF_ADDED];
	unsigned int nr_added;
	struct opp_table *pin;
	bool moved;
	bool leaky;
	bool supplies_changed;
	bool swept;
	bool dvfs_unsafe;
};

/* The trace. */

static __printf(2, 3) void df_out(struct df *df, const char *fmt, ...)
{
	char line[DF_LINE];
	va_list args;
	int len;

	va_start(args, fmt);
	len = vscnprintf(line, sizeof(line), fmt, args);
	va_end(args);
	df->crc = crc32_le(df->crc, line, len);
	df->lines++;
	if (diff_dump)
		kunit_info(df->test, "| %s\n", line);
}

static u32 df_rand(struct df *df, u32 n)
{
	return fz_rand(&df->rs, n);
}

/*
 * What reached the fakes since the last step, and the levels it printed
 * at: whether it did, not how many lines, since each core words a failure
 * its own way (Linux in a line per function it returns through).
 */
static void df_out_hardware(struct df *df)
{
	static const char levels[] = "ACEW";	/* KERN_ALERT is 1 */
	struct fake_log *log = df->log;
	unsigned int i, n, marked, taken;
	int level;

	for (i = 0; i < min_t(unsigned int, log->nr, FAKE_MAX_EVENTS); i++)
		df_out(df, "  hw %s %u %lu", fake_ev_name(log->ev[i].kind),
		       log->ev[i].id, log->ev[i].value);
	if (log->nr > FAKE_MAX_EVENTS)
		df_out(df, "  hw and %u more", log->nr - FAKE_MAX_EVENTS);
	log->nr = 0;

	for (level = LOGLEVEL_EMERG; level <= FAKE_CON_SPLAT; level++) {
		n = fake_console_count_level(df->con, level);
		if (!n)
			continue;
		if (level == FAKE_CON_SPLAT) {
			for (i = 0; i < n; i++)
				df_out(df, "  log splat %s",
				       fake_console_splat(df->con, i));
			continue;
		}
		/*
		 * Apart: a warning naming a node of the table (a lint), and
		 * an error of debugfs's own (a name taken).
		 */
		marked = fake_console_count_marked(df->con, DF_MARK_NODE, level);
		if (level != LOGLEVEL_WARNING)
			marked = 0;
		if (marked)
			df_out(df, "  log W node");
		taken = fake_console_count_marked(df->con, DF_MARK_DEBUGFS, level);
		if (level != LOGLEVEL_ERR)
			taken = 0;
		if (taken)
			df_out(df, "  log E debugfs");
		if (n > marked + taken)
			df_out(df, "  log %c", levels[max(level - 1, 0)]);
	}
	if (diff_dump)
		for (i = 0; i < min(fake_console_count(df->con), 4U); i++)
			kunit_info(df->test, "  (%s)\n",
				   fake_console_line(df->con, i));
	fake_console_reset(df->con);
}

static int df_notify(struct notifier_block *nb, unsigned long event,
		     void *data)
{
	static const char * const names[] = {
		[OPP_EVENT_ADD] = "add", [OPP_EVENT_REMOVE] = "remove",
		[OPP_EVENT_ENABLE] = "enable", [OPP_EVENT_DISABLE] = "disable",
		[OPP_EVENT_ADJUST_VOLTAGE] = "adjust",
	};
	struct df *df = container_of(nb, struct df, nb);
	struct dev_pm_opp *opp = data;

	df_out(df, "  note %s %lu %lu",
	       event < ARRAY_SIZE(names) ? names[event] : "?",
	       dev_pm_opp_get_freq(opp), dev_pm_opp_get_voltage(opp));
	return NOTIFY_OK;
}

static void df_out_opp(struct df *df, const char *what, struct dev_pm_opp *opp)
{
	df_out(df, "  %s %lu u=%lu p=%lu l=%u t=%d", what,
	       dev_pm_opp_get_freq(opp), dev_pm_opp_get_voltage(opp),
	       dev_pm_opp_get_power(opp), dev_pm_opp_get_level(opp),
	       dev_pm_opp_is_turbo(opp));
}

/* A device's OPPs as a caller finds them, and its table's latencies. */
static void df_out_table(struct df *df, unsigned int d)
{
	struct device *dev = df->dev[d];
	int count = dev_pm_opp_get_opp_count(dev);
	unsigned long freq = 0;
	struct dev_pm_opp *opp;
	unsigned int i, n = 0;

	df_out(df, " dev%u count %d", d, count);
	if (count < 0)
		return;
	while (n++ <= count) {
		opp = dev_pm_opp_find_freq_ceil(dev, &freq);
		if (IS_ERR(opp)) {
			df_out(df, "  ceil end %ld", PTR_ERR(opp));
			break;
		}
		df_out_opp(df, "opp", opp);
		dev_pm_opp_put(opp);
		if (freq++ == ULONG_MAX)
			break;
	}
	for (i = 0; i < df->nr_rates; i++) {
		opp = dev_pm_opp_find_freq_exact(dev, df->rates[i], false);
		if (IS_ERR(opp))
			continue;
		df_out_opp(df, "off", opp);
		dev_pm_opp_put(opp);
	}
	df_out(df, "  latency %lu %lu %lu",
	       dev_pm_opp_get_max_clock_latency(dev),
	       dev_pm_opp_get_max_volt_latency(dev),
	       dev_pm_opp_get_max_transition_latency(dev));
	/*
	 * Linux keeps a suspend OPP that a removal or a failed load freed as
	 * the table's.
	 */
	if (!df->dropped[d])
		df_out(df, "  suspend %lu", dev_pm_opp_get_suspend_opp_freq(dev));
}

static void df_out_tables(struct df *df)
{
	unsigned int d;

	for (d = 0; d < df->nr_devs; d++)
		df_out_table(df, d);
}

/*
 * Every file of opp/ but our core's "summary" and "<dev>/stats", which
 * Documentation/opp.rst lists among the differences: traces then differ only
 * where a scenario finds something else.
 */
static void df_out_debugfs_entry(void *priv, const char *path,
				 const char *text)
{
	const char *name = strrchr(path, '/');
	char line[DF_LINE];
	char *p;

	if (name && (!strcmp(name, "/stats") || !strcmp(path, "opp/summary")))
		return;
	strscpy(line, text, sizeof(line));
	for (p = line; *p; p++)
		if (*p == '\n')
			*p = ' ';
	df_out(priv, " debugfs %s: %s", path, line);
}

/* Steps. */

static unsigned long df_pick_rate(struct df *df)
{
	unsigned long rate = df->rates[df_rand(df, df->nr_rates)];

	switch (df_rand(df, 8)) {
	case 0:
		return 0;
	case 1:
		return rate + 1;
	case 2:
		return rate - 1;
	default:
		return rate;
	}
}

static unsigned long df_pick_volt(struct df *df)
{
	static const unsigned long volts[] = {
		0, 800000, 900000, 950000, 1000000, 1100000, 1200000,
	};

	return volts[df_rand(df, ARRAY_SIZE(volts))];
}

static void df_arm(struct df *df)
{
	df->fail = 1 + df_rand(df, DF_FAIL_ENABLE);
	if (df->clk)
		df->clk->fail = df->fail == DF_FAIL_CLK ? -EIO : 0;
	if (df->reg[0]) {
		df->reg[0]->fail = df->fail == DF_FAIL_VOLT ? -EIO : 0;
		df->reg[0]->enable_fail = df->fail == DF_FAIL_ENABLE ? -EIO : 0;
	}
	df_out(df, "arm %d", df->fail);
}

static void df_disarm(struct df *df)
{
	df->fail = DF_FAIL_NONE;
	if (df->clk)
		df->clk->fail = 0;
	if (df->reg[0]) {
		df->reg[0]->fail = 0;
		df->reg[0]->enable_fail = 0;
	}
}

static void df_set_config(struct df *df)
{
	static const char * const regs[][3] = {
		{ NULL }, { "vdd", NULL }, { "vdd", "vdd2", NULL },
	};
	const struct fz_seed *seed = df->dt.seed;
	struct dev_pm_opp_config config = {
		.regulator_names = df->nr_regs ? regs[df->nr_regs] : NULL,
		.prop_name = df->with_dt ? seed->prop_name : NULL,
		.supported_hw = df->with_dt && seed->hw[0] ? seed->hw : NULL,
		.supported_hw_count = df->with_dt && seed->hw[0] ? 2 : 0,
	};
	int ret;

	if (df->token || (!config.regulator_names && !config.prop_name &&
			  !config.supported_hw))
		return;
	/* Both cores WARN when the table has OPPs already. */
	CONF_EXPECT_WARN(df->test, "dev_pm_opp_set_config");
	ret = conf_set_config(df->test, df->dev[0], &config);
	df_out(df, "set_config %d", ret > 0 ? 1 : ret);
	if (ret <= 0)
		return;
	df->token = ret;
	df->dvfs_unsafe = false;
}

static void df_clear_config(struct df *df)
{
	if (!df->token)
		return;
	df_out(df, "clear_config");
	if (df->nr_regs && dev_pm_opp_get_opp_count(df->dev[0]) >= 0)
		df->dvfs_unsafe = true;
	if (df->nr_regs)
		df->supplies_changed = true;
	conf_clear_config_now(df->test, df->token);
	df->token = 0;
}

static void df_unnotify(void *data)
{
	struct df *df = data;

	dev_pm_opp_unregister_notifier(df->dev[0], &df->nb);
}

static void df_register_notifier(struct df *df)
{
	int ret;

	if (df->notified)
		return;
	df->nb.notifier_call = df_notify;
	ret = dev_pm_opp_register_notifier(df->dev[0], &df->nb);
	df_out(df, "notifier %d", ret);
	if (ret)
		return;
	df->notified = true;
	KUNIT_ASSERT_EQ(df->test,
			kunit_add_action_or_reset(df->test, df_unnotify, df), 0);
}

/* Whether a node under @np has "opp-suspend". */
static bool df_has_suspend(struct device_node *np)
{
	for_each_child_of_node_scoped(np, child)
		if (of_property_present(child, "opp-suspend") ||
		    df_has_suspend(child))
			return true;
	return false;
}

/*
 * Linux keeps a suspend OPP that a removal or a failed load freed as the
 * table's, and compares the next load's suspend OPP with it: once a device
 * dropped its OPPs, a tree with "opp-suspend" is not loaded again.
 */
static void df_load(struct df *df, unsigned int d)
{
	int ret;

	if (df->supplies_changed ||
	    (df->dropped[d] && df->with_dt && df_has_suspend(df->dt.top)))
		return;
	ret = dev_pm_opp_of_add_table(df->dev[d]);
	df_out(df, "load dev%u: %d", d, ret);
	if (!ret)
		df->loads[d]++;
	else
		df->dropped[d]++;
}

/*
 * Whether device @d has an OPP at @rate: find_freq_exact() finds the
 * available ones, or with available false the disabled ones.
 */
static bool df_exists(struct df *df, unsigned int d, unsigned long rate)
{
	struct dev_pm_opp *opp;
	bool available;

	for (available = true; ; available = false) {
		opp = dev_pm_opp_find_freq_exact(df->dev[d], rate, available);
		if (!IS_ERR(opp)) {
			dev_pm_opp_put(opp);
			return true;
		}
		if (!available)
			return false;
	}
}

/* The entry of @added for (@d, @rate), or -1. */
static int df_added(struct df *df, unsigned int d, unsigned long rate)
{
	unsigned int i;

	for (i = 0; i < df->nr_added; i++)
		if (df->added[i].dev == d && df->added[i].rate == rate)
			return i;
	return -1;
}

/*
 * An OPP added again with the same fields gets 0 from Linux, which keeps a
 * table reference for it: a table whose current OPP then leaves it outlives
 * its devices, and the sweep that makes sure no table does puts that OPP a
 * second time. The program adds a rate again only before any transition,
 * and makes no transition after.
 */
static void df_add(struct df *df, unsigned int d, unsigned long rate,
		   unsigned long volt)
{
	bool again = df_exists(df, d, rate);
	int ret;

	if (df->requires || (again && df->moved))
		return;
	ret = dev_pm_opp_add(df->dev[d], rate, volt);
	df_out(df, "add dev%u %lu %lu%s: %d", d, rate, volt,
	       again ? " again" : "", ret);
	/* Linux then counts one supply, whatever the regulators named. */
	if (((d == 0 && df->token) ? df->nr_regs : 0) != 1)
		df->supplies_changed = true;
	if (again && !ret)
		df->leaky = true;
	/* An OPP added again is not the program's: it may be the table's. */
	if (!ret && !again && df->nr_added < DF_ADDED) {
		df->added[df->nr_added].dev = d;
		df->added[df->nr_added++].rate = rate;
	}
}

/*
 * Whether the program asks a transition of device 0 (see df_add()); if so,
 * any OPP of it may be Linux's current one from then on.
 */
static bool df_may_move(struct df *df)
{
	if (df->leaky)
		return false;
	df->moved = true;
	return true;
}

static bool df_holds(struct df *df, unsigned int d, unsigned long rate)
{
	unsigned int i;

	for (i = 0; d == 0 && i < df->nr_held; i++)
		if (dev_pm_opp_get_freq(df->held[i]) == rate)
			return true;
	return false;
}

/* Whether devices @a and @b have one table (a shared one, or none). */
static bool df_same_table(struct df *df, unsigned int a, unsigned int b)
{
	struct opp_table *ta = dev_pm_opp_get_opp_table(df->dev[a]);
	struct opp_table *tb = dev_pm_opp_get_opp_table(df->dev[b]);
	bool same = ta == tb || (IS_ERR(ta) && IS_ERR(tb));

	if (!IS_ERR(ta))
		dev_pm_opp_put_opp_table(ta);
	if (!IS_ERR(tb))
		dev_pm_opp_put_opp_table(tb);
	return a == b || same;
}

/*
 * Linux's dev_pm_opp_remove() drops a table reference that only an added
 * OPP took, so removing an OPP of the device tree frees the table under its
 * users; and an OPP removed while someone holds it stays listed, so that a
 * second removal, or dev_pm_opp_remove_all_dynamic(), drops its references
 * again. The program removes the OPPs it added, and rates without an OPP;
 * one of device 0's table that it may hold, or that may be its current OPP
 * (once device 0 moved), it removes once, and that table is not swept
 * after.
 */
static void df_remove(struct df *df, unsigned int d, unsigned long rate)
{
	int i = df_added(df, d, rate);
	bool shared = df_same_table(df, d, 0);
	bool held = i >= 0 && shared && (df->moved || df_holds(df, 0, rate));

	if (i < 0 && df_exists(df, d, rate))
		return;
	if (held && df->swept)
		return;
	if (held)
		df->swept = true;
	if (i >= 0)
		df->added[i] = df->added[--df->nr_added];
	df_out(df, "remove dev%u %lu", d, rate);
	dev_pm_opp_remove(df->dev[d], rate);
}

/*
 * Linux's sweep leaves a dynamic current OPP listed, and a second sweep, or
 * a removal, puts it again: after a transition, device 0's table is swept
 * once, and what a sweep removed is forgotten on every device that shares
 * the table.
 */
static void df_remove_dynamic(struct df *df, unsigned int d)
{
	unsigned int i = 0;

	if (df_same_table(df, d, 0) && df->moved) {
		if (df->swept)
			return;
		df->swept = true;
	}
	df_out(df, "remove_all_dynamic dev%u", d);
	dev_pm_opp_remove_all_dynamic(df->dev[d]);
	while (i < df->nr_added) {
		if (df_same_table(df, df->added[i].dev, d))
			df->added[i] = df->added[--df->nr_added];
		else
			i++;
	}
}

static void df_unload(struct df *df, unsigned int d)
{
	df_out(df, "unload dev%u", d);
	dev_pm_opp_of_remove_table(df->dev[d]);
	df->dropped[d]++;
	if (df->loads[d])
		df->loads[d]--;
}

/*
 * Linux frees a table whose last reference goes while a caller holds one of
 * its OPPs, and the later put uses the freed table: the program holds OPPs
 * only while it holds device 0's table as well.
 */
static void df_hold(struct df *df)
{
	unsigned long rate = df_pick_rate(df);
	bool avail = df_rand(df, 2);
	struct dev_pm_opp *opp;

	if (!df->nr_held) {
		df->pin = dev_pm_opp_get_opp_table(df->dev[0]);
		if (IS_ERR(df->pin)) {
			df_out(df, "hold: no table %ld", PTR_ERR(df->pin));
			df->pin = NULL;
			return;
		}
	}
	opp = dev_pm_opp_find_freq_exact(df->dev[0], rate, avail);
	df_out(df, "hold %lu %d: %d", rate, avail, PTR_ERR_OR_ZERO(opp));
	if (IS_ERR(opp))
		opp = NULL;
	else if (df->nr_held < DF_HELD)
		df->held[df->nr_held++] = opp;
	else
		dev_pm_opp_put(opp);
	if (!df->nr_held) {
		dev_pm_opp_put_opp_table(df->pin);
		df->pin = NULL;
	}
}

static void df_drop_held(struct df *df)
{
	if (!df->nr_held)
		return;
	df_out(df, "drop held");
	dev_pm_opp_put(df->held[--df->nr_held]);
	if (!df->nr_held) {
		dev_pm_opp_put_opp_table(df->pin);
		df->pin = NULL;
	}
}

/*
 * Whether Linux survives a move to @opp (NULL: no OPP to check). It stops
 * in regulator_check_voltage() when the single regulator it moves gets a
 * target or minimum above the maximum (a mutated triplet), and
 * dereferences NULL after its regulators were cleared under OPPs.
 */
static bool df_linux_survives(struct df *df, struct dev_pm_opp *opp)
{
	struct dev_pm_opp_supply supply[DF_REGS];

	if (df->dvfs_unsafe)
		return false;
	if (!opp || !df->token || df->nr_regs != 1 ||
	    dev_pm_opp_get_supplies(opp, supply))
		return true;
	return supply[0].u_volt <= supply[0].u_volt_max &&
	       supply[0].u_volt_min <= supply[0].u_volt_max;
}

static void df_set_rate(struct df *df)
{
	unsigned long rate = df_pick_rate(df), ceil = rate;
	struct dev_pm_opp *opp = NULL;
	bool survives;

	if (rate) {
		opp = dev_pm_opp_find_freq_ceil(df->dev[0], &ceil);
		if (IS_ERR(opp))
			opp = NULL;
	}
	survives = df_linux_survives(df, opp);
	if (opp)
		dev_pm_opp_put(opp);
	/*
	 * For a table with no available OPP, Linux calls its clock callback,
	 * which a table it could not give a clock has NULL.
	 */
	if (!dev_pm_opp_get_opp_count(df->dev[0]))
		survives = false;
#ifdef OPP_TEST_API_6_1
	/* 6.1 rounds any other rate with the clock, an error pointer here. */
	if (rate && !df->clk)
		survives = false;
#endif
	if (!survives || !df_may_move(df))
		return;
	df_out(df, "set_rate %lu: %d", rate,
	       dev_pm_opp_set_rate(df->dev[0], rate));
}

static void df_set_opp(struct df *df)
{
	struct dev_pm_opp *opp = NULL;
	unsigned long rate = 0;
	int ret;

	if (df_rand(df, 4)) {
		rate = df_pick_rate(df);
		opp = dev_pm_opp_find_freq_ceil(df->dev[0], &rate);
		if (IS_ERR(opp)) {
			df_out(df, "set_opp: no OPP %ld", PTR_ERR(opp));
			return;
		}
	}
	if (df_linux_survives(df, opp) && df_may_move(df)) {
		ret = dev_pm_opp_set_opp(df->dev[0], opp);
		df_out(df, "set_opp %lu: %d", opp ? rate : 0, ret);
	}
	if (opp)
		dev_pm_opp_put(opp);
}

static void df_find_freq(struct df *df, struct device *dev)
{
	unsigned long key = df_pick_rate(df);
	struct dev_pm_opp *opp;
	unsigned int how = df_rand(df, 3);

	if (how == 0)
		opp = dev_pm_opp_find_freq_exact(dev, key, df_rand(df, 2));
	else if (how == 1)
		opp = dev_pm_opp_find_freq_ceil(dev, &key);
	else
		opp = dev_pm_opp_find_freq_floor(dev, &key);
	df_out(df, "find_freq %u: %d %lu", how, PTR_ERR_OR_ZERO(opp), key);
	if (IS_ERR(opp))
		return;
	df_out_opp(df, "found", opp);
	df_out(df, "  pstate %d", dev_pm_opp_get_required_pstate(opp, 0));
	dev_pm_opp_put(opp);
}

static void df_find_other(struct df *df, struct device *dev)
{
	unsigned int how = df_rand(df, 5), key = df_rand(df, 6);
	struct dev_pm_opp *opp;

	if (how >= 3)
		key *= 100000;	/* kB/s */
	if (how == 0)
		opp = dev_pm_opp_find_level_exact(dev, key);
	else if (how == 1)
		opp = dev_pm_opp_find_level_ceil(dev, &key);
#ifndef OPP_TEST_API_6_1
	else if (how == 2)
		opp = dev_pm_opp_find_level_floor(dev, &key);
#endif
	else if (how == 3)
		opp = dev_pm_opp_find_bw_ceil(dev, &key, 0);
	else
		opp = dev_pm_opp_find_bw_floor(dev, &key, 0);
	df_out(df, "find %u: %d %u", how, PTR_ERR_OR_ZERO(opp), key);
	if (IS_ERR(opp))
		return;
	df_out_opp(df, "found", opp);
	dev_pm_opp_put(opp);
}

enum df_op {
	DF_LOAD, DF_UNLOAD, DF_ADD, DF_REMOVE, DF_ENABLE, DF_DISABLE,
	DF_ADJUST, DF_SET_RATE, DF_SET_OPP, DF_HOLD, DF_DROP, DF_NOTIFY,
	DF_FIND_FREQ, DF_FIND_OTHER, DF_ARM, DF_CONFIG, DF_UNCONFIG,
	DF_REMOVE_DYNAMIC, DF_NR_OPS,
};

/*
 * How often each step comes, out of the sum, and whether it leaves every
 * table as it was (then the trace does not list them again).
 */
static const struct {
	u8 weight;
	bool reads;
} df_ops[DF_NR_OPS] = {
	[DF_LOAD] = { 3 }, [DF_UNLOAD] = { 2 }, [DF_ADD] = { 3 },
	[DF_REMOVE] = { 2 }, [DF_ENABLE] = { 2 }, [DF_DISABLE] = { 2 },
	[DF_ADJUST] = { 2 }, [DF_SET_RATE] = { 6 }, [DF_SET_OPP] = { 3 },
	[DF_HOLD] = { 2, true }, [DF_DROP] = { 1 }, [DF_NOTIFY] = { 2, true },
	[DF_FIND_FREQ] = { 3, true }, [DF_FIND_OTHER] = { 2, true },
	[DF_ARM] = { 2, true }, [DF_CONFIG] = { 1 }, [DF_UNCONFIG] = { 1 },
	[DF_REMOVE_DYNAMIC] = { 1 },
};

static enum df_op df_pick_op(struct df *df)
{
	unsigned int total = 0, pick, op;

	for (op = 0; op < DF_NR_OPS; op++)
		total += df_ops[op].weight;
	pick = df_rand(df, total);
	for (op = 0; pick >= df_ops[op].weight; op++)
		pick -= df_ops[op].weight;
	return op;
}

/* A step on the OPPs of device @d: @rate and @volt as the program picked. */
static void df_edit(struct df *df, enum df_op op, unsigned int d,
		    unsigned long rate, unsigned long volt)
{
	struct device *dev = df->dev[d];
	unsigned int k;

	switch (op) {
	case DF_ADD:
		df_add(df, d, rate, volt);
		break;
	case DF_REMOVE:
		if (df->nr_added && df_rand(df, 4)) {
			/* Mostly one the program added. */
			k = df_rand(df, df->nr_added);
			d = df->added[k].dev;
			rate = df->added[k].rate;
		}
		df_remove(df, d, rate);
		break;
	case DF_ENABLE:
		df_out(df, "enable dev%u %lu: %d", d, rate,
		       dev_pm_opp_enable(dev, rate));
		break;
	case DF_DISABLE:
		df_out(df, "disable dev%u %lu: %d", d, rate,
		       dev_pm_opp_disable(dev, rate));
		break;
	case DF_ADJUST:
		df_out(df, "adjust dev%u %lu %lu: %d", d, rate, volt,
		       dev_pm_opp_adjust_voltage(dev, rate, volt,
						 volt ? volt - 50000 : 0,
						 volt + 50000));
		break;
	case DF_REMOVE_DYNAMIC:
		df_remove_dynamic(df, d);
		break;
	default:
		break;
	}
}

static void df_step(struct df *df, enum df_op op)
{
	struct device *dev = df->dev[df_rand(df, df->nr_devs)];
	unsigned long rate = df_pick_rate(df), volt = df_pick_volt(df);
	unsigned int d = dev == df->dev[0] ? 0 : dev == df->dev[1] ? 1 : 2;

	switch (op) {
	case DF_LOAD:
		df_load(df, d);
		break;
	case DF_UNLOAD:
		/* Linux uses a provider's freed table: consumers go first. */
		if (!df->providers || !d)
			df_unload(df, d);
		break;
	case DF_SET_RATE:
		df_set_rate(df);
		break;
	case DF_SET_OPP:
		df_set_opp(df);
		break;
	case DF_HOLD:
		df_hold(df);
		break;
	case DF_DROP:
		df_drop_held(df);
		break;
	case DF_NOTIFY:
		df_register_notifier(df);
		break;
	case DF_FIND_FREQ:
		df_find_freq(df, dev);
		break;
	case DF_FIND_OTHER:
		df_find_other(df, dev);
		break;
	case DF_ARM:
		df_arm(df);
		break;
	case DF_CONFIG:
		df_set_config(df);
		break;
	case DF_UNCONFIG:
		df_clear_config(df);
		break;
	default:
		df_edit(df, op, d, rate, volt);
		break;
	}
}

/* After a step: what it did, and the tables if it may have changed them. */
static void df_settle(struct df *df, bool tables)
{
	if (df->dvfs_unsafe && dev_pm_opp_get_opp_count(df->dev[0]) < 0)
		df->dvfs_unsafe = false;
	df_out_hardware(df);
	if (tables)
		df_out_tables(df);
}

/* Set-up. */

static bool fz_dt_has(const struct fz_dt *dt, const char *prop)
{
	unsigned int i, k;

	for (i = 0; i < dt->tree.nr; i++)
		for (k = 0; k < dt->tree.n[i].nr_props; k++)
			if (!strcmp(dt->tree.n[i].props[k].name, prop))
				return true;
	return false;
}

static const unsigned long df_base_rates[] = {
	100000000, 200000000, 250000000, 300000000, 400000000, 500000000,
	600000000, 750000000, 900000000, 1000000000,
};

/*
 * The devices are named after the scenario ("opp-diff-<i>-dev<d>", <i>
 * modulo 100000): what
 * one core leaks in a scenario (Linux keeps a regulator it forgot to put)
 * then cannot collide with the next scenario's names.
 */
static void df_devices(struct df *df, unsigned long i)
{
	static const char * const supplies[DF_REGS] = { "vdd", "vdd2" };
	const struct fz_seed *seed = df->dt.seed;
	char node_name[FZ_NAME];
	unsigned int d, r;
	int node;

	for (d = 0; d < FZ_DEVS; d++)
		snprintf(df->names[d], sizeof(df->names[d]), "opp-diff-%u-dev%u",
			 (unsigned int)(i % 100000), d);
	df->nr_devs = df->with_dt ? seed->nr_devs : 1;
	df->nr_regs = df->with_dt ? seed->nr_regs : 1;
	if (!df->with_dt || seed->clk)
		df->clk = fake_clk(df->test, df->log, df->names[0], NULL,
				   DF_FREQ, 0);
	/* Regulators 1, or 11 and 12 for two (allowlist entries tell them). */
	for (r = 0; r < df->nr_regs; r++)
		df->reg[r] = fake_reg(df->test, df->log, df->names[0],
				      supplies[r], (df->nr_regs > 1 ? 11 : 1) + r,
				      0);
	for (d = 0; d < df->nr_devs; d++) {
		df->dev[d] = conf_device(df->test, df->names[d]);
		snprintf(node_name, sizeof(node_name), "dev%u", d);
		node = df->with_dt ? fz_find(&df->dt.tree, node_name) : -1;
		if (node >= 0)
			device_set_node(df->dev[d],
					of_fwnode_handle(df->dt.np[node]));
	}
}

static void df_clear_nodes(void *data)
{
	struct df *df = data;
	unsigned int d;

	for (d = 0; d < df->nr_devs; d++)
		device_set_node(df->dev[d], NULL);
}

/* The first steps: device 0's configuration, then its table. */
static void df_start(struct df *df)
{
	unsigned int k, n = df->nr_devs;

	if (df_rand(df, 8))
		df_set_config(df);
	if (!df->with_dt) {
		for (k = 1 + df_rand(df, 4); k; k--)
			df_add(df, 0, df_pick_rate(df), df_pick_volt(df));
		df_settle(df, true);
		return;
	}
	for (k = 0; k < n; k++)
		df_load(df, df->dt.seed->providers_first ? n - 1 - k : k);
	df_settle(df, true);
}

/* The rates found in the tables join the ones the program picks from. */
static void df_learn_rates(struct df *df)
{
	unsigned long freq = 0;
	struct dev_pm_opp *opp;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(df_base_rates); i++)
		df->rates[df->nr_rates++] = df_base_rates[i];
	while (df->nr_rates < DF_RATES) {
		opp = dev_pm_opp_find_freq_ceil(df->dev[0], &freq);
		if (IS_ERR(opp))
			break;
		dev_pm_opp_put(opp);
		for (i = 0; i < df->nr_rates && df->rates[i] != freq; i++)
			;
		if (i == df->nr_rates)
			df->rates[df->nr_rates++] = freq;
		if (freq++ == ULONG_MAX)
			break;
	}
}

/* The last steps: the state left, then every reference and table gone. */
static void df_finish(struct df *df)
{
	unsigned int d;
	int ret;

	df_disarm(df);
	df_out(df, "end");
	ret = conf_debugfs_walk(df->test, "opp", df_out_debugfs_entry, df);
	df_out(df, "debugfs %d", ret);
	while (df->nr_held)
		df_drop_held(df);
	df_settle(df, true);
	for (d = 0; d < df->nr_devs; d++)
		while (df->loads[d])
			df_unload(df, d);
	/* One by one: each is removed once, whatever holds it. */
	while (df->nr_added) {
		df->nr_added--;
		df_out(df, "remove dev%u %lu", df->added[df->nr_added].dev,
		       df->added[df->nr_added].rate);
		dev_pm_opp_remove(df->dev[df->added[df->nr_added].dev],
				  df->added[df->nr_added].rate);
	}
	df_settle(df, true);
	df_clear_config(df);
	df_settle(df, false);
}

static void df_run(struct kunit *test, unsigned long i)
{
	struct df *df = kunit_kzalloc(test, sizeof(*df), GFP_KERNEL);
	unsigned int k, steps;

	KUNIT_ASSERT_NOT_NULL(test, df);
	df->test = test;
	df->crc = ~0U;
	prandom_seed_state(&df->rs, diff_seed * 0x2545f4914f6cdd1dULL + i);
	df->with_dt = df_rand(df, 4);
	fz_dt_make(&df->dt, diff_seed, i);
	/*
	 * Linux dereferences NULL when a table's required tables are not all
	 * there or go away: tables that require others stay unmutated. So do
	 * those a mutation gave "required-opps": with no provider, they name
	 * an OPP of their own table (Linux links the table to itself, then
	 * dereferences NULL in _required_opps_available() for its OPPs
	 * without the property) or a node that is no OPP.
	 */
	df->providers = df->with_dt && df->dt.seed->providers_first;
	if (df->dt.log[0] &&
	    (df->providers || fz_dt_has(&df->dt, "required-opps"))) {
		memset(&df->dt, 0, sizeof(df->dt));
		fz_dt_make(&df->dt, diff_seed, i % FZ_NR_SEEDS);
	}
	df->requires = df->with_dt && fz_dt_has(&df->dt, "required-opps");
	if (df->with_dt) {
		if (diff_dump)
			fz_print(test, &df->dt);
		fz_attach(test, &df->dt);
	} else {
		df->dt.seed = NULL;
	}
	df->log = fake_log(test);
	df->con = conf_console(test, NULL);
	fake_console_mark(df->con, DF_MARK_NODE, "/opp-fuzz/");
	fake_console_mark(df->con, DF_MARK_DEBUGFS, "debugfs: ");
	df_devices(df, i);
	KUNIT_ASSERT_EQ(test,
			kunit_add_action_or_reset(test, df_clear_nodes, df), 0);
	df_out(df, "scenario %s devs %u regs %u", df->with_dt ?
	       df->dt.seed->name : "dynamic", df->nr_devs, df->nr_regs);

	df_start(df);
	df_learn_rates(df);
	steps = 2 + df_rand(df, DF_STEPS);
	for (k = 0; k < steps; k++) {
		bool armed = df->fail != DF_FAIL_NONE;
		enum df_op op = df_pick_op(df);

		df_step(df, op);
		if (armed)
			df_disarm(df);
		df_settle(df, !df_ops[op].reads);
		/* Linux keeps the table from then on: all else would differ. */
		if (df->leaky)
			break;
	}
	df_finish(df);
	kunit_info(test, "opp_diff #%lu seed %lu: %08x %u lines\n", i,
		   diff_seed, df->crc, df->lines);
}

static const void *df_gen(const void *prev, char *desc)
{
	unsigned long k = prev ? (unsigned long)prev : 0;
	unsigned long i;

	if (k >= (diff_nr_only ? diff_nr_only : diff_n))
		return NULL;
	i = diff_nr_only ? diff_only[k] : k;
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "#%lu seed %lu", i, diff_seed);
	return (const void *)(k + 1);
}

static void opp_diff_scenario(struct kunit *test)
{
	unsigned long k = (unsigned long)test->param_value - 1;

	df_run(test, diff_nr_only ? diff_only[k] : k);
}

static struct kunit_case opp_diff_cases[] = {
	KUNIT_CASE_PARAM(opp_diff_scenario, df_gen),
	{}
};

static struct kunit_suite opp_diff_suite = {
	.name = "opp_diff",
	.test_cases = opp_diff_cases,
};

kunit_test_suite(opp_diff_suite);
