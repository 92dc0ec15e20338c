// SPDX-License-Identifier: GPL-2.0-only
/*
 * DVFS: moving a device from one OPP to another.
 *
 * A transition walks one ordered list of steps: required OPPs, power domain
 * level, interconnect bandwidth, regulators, clock. Scaling up walks it forwards,
 * so supplies rise before the clock; scaling down walks it backwards, so
 * the clock drops before the supplies. When a step fails, the steps already
 * taken are walked back to the old OPP in reverse, the current OPP stays the
 * old one, and the error names the device and the step.
 */

#include "opp.h"

#include <linux/clk.h>
#include <linux/interconnect.h>
#include <linux/jiffies.h>
#include <linux/pm_domain.h>
#include <linux/regulator/consumer.h>

#define CREATE_TRACE_POINTS
#include "trace.h"

EXPORT_TRACEPOINT_SYMBOL_GPL(opp_set_rate);

/**
 * struct opp_transition - one move of a device between OPPs
 * @dev: the device
 * @table: its table; the caller holds its dvfs_lock
 * @from: the OPP the device runs at
 * @to: the OPP it moves to, or NULL to drop the device's votes
 * @from_rate: the rate of the first clock now
 * @to_rate: the rate the first clock moves to
 * @steps: the steps to take, bit n for &enum opp_dvfs_step n: the table's
 *	plan
 * @level: the performance state the device takes at @to, when @steps have
 *	%OPP_STEP_LEVEL
 * @down: scaling down (the new OPP sorts before the old one, or votes are
 *	dropped); a move to the same OPP, as the first one after rate 0, or
 *	to another rate of it, scales up
 * @rolling_back: the steps are being walked back
 *
 * Every member is set where a transition starts, so that nothing of it is
 * cleared first.
 */
struct opp_transition {
	struct device *dev;
	struct opp_table *table;
	struct dev_pm_opp *from;
	struct dev_pm_opp *to;
	unsigned long from_rate;
	unsigned long to_rate;
	unsigned long steps;
	unsigned int level;
	bool down;
	bool rolling_back;
};

/* The order resources of one kind move in: reversed when going down. */
static bool opp_reversed(const struct opp_transition *t)
{
	return t->down != t->rolling_back;
}

/* ------------------------------------------------------------------------ */
/* Steps                                                                     */
/* ------------------------------------------------------------------------ */

/*
 * Caller holds dvfs_lock. Whether a move to @opp sets a performance state on
 * the device itself (> 0), into *@level: the OPP's level; on 6.1 (bridge.h's
 * OPP_DOMAIN_LEVELS), the level of the power domain OPP it requires when
 * no required device is configured, and never a level of its own; 6.1
 * refuses there required OPPs outside a power domain: -ENOENT.
 */
static int opp_own_state(struct opp_table *table, struct dev_pm_opp *opp,
			 unsigned int *level)
{
	struct opp_required_state req;

	if (OPP_DOMAIN_LEVELS) {
		*level = READ_ONCE(opp->level);
		return *level != OPP_LEVEL_UNSET;
	}
	if (!opp->nr_required || table->nr_required_devs ||
	    !opp_required_resolve(opp_required_nps(opp)[0], &req))
		return 0;
	if (!req.genpd)
		return -ENOENT;
	*level = req.level;
	return 1;
}

/*
 * The steps other than the clock stay out of line (noinline), so that the
 * dispatch a clock-only transition goes through keeps a small frame.
 */
static noinline int opp_step_required(struct opp_transition *t,
				      struct dev_pm_opp *prev,
				      struct dev_pm_opp *opp,
				      unsigned long rate)
{
	return __opp_required_devs_move(t->table, opp, opp_reversed(t));
}

static noinline int opp_step_level(struct opp_transition *t,
				   struct dev_pm_opp *prev,
				   struct dev_pm_opp *opp, unsigned long rate)
{
	/*
	 * Dropping the votes drops the device's own performance state,
	 * whether or not its OPPs name a level: a driver may have set one
	 * itself before handing the device to the OPP core. 6.1 drops only
	 * the state it set.
	 */
	unsigned int level = t->level;

	/* The plan found the level of the OPP the walk goes to. */
	if (opp ? opp != t->to && opp_own_state(t->table, opp, &level) <= 0 :
	    !OPP_DOMAIN_LEVELS &&
	    !(prev && opp_own_state(t->table, prev, &level) > 0))
		return 0;

	return dev_pm_domain_set_performance_state(t->dev, opp ? level : 0);
}

static noinline int opp_step_bw(struct opp_transition *t,
				struct dev_pm_opp *prev,
				struct dev_pm_opp *opp, unsigned long rate)
{
	struct opp_table *table = t->table;
	unsigned int nr = table->nr_icc_paths, i;
	const struct opp_icc_bw *bw = NULL;
	int ret;

	if (!table->icc_paths)
		return 0;
	if (opp) {
		nr = min_t(unsigned int, nr, opp->nr_paths);
		bw = opp_bw(opp);
	}
	for (i = 0; i < nr; i++) {
		ret = icc_set_bw(table->icc_paths[i], bw ? bw[i].avg : 0,
				 bw ? bw[i].peak : 0);
		if (ret)
			return ret;
	}

	return 0;
}

/* Copies the supplies, which dev_pm_opp_adjust_voltage() may change. */
static void opp_copy_supplies(struct dev_pm_opp *opp,
			      struct dev_pm_opp_supply *out, unsigned int nr)
{
	unsigned int have = min_t(unsigned int, nr, opp->nr_supplies);

	if (have < nr)
		memset(out + have, 0, array_size(nr - have, sizeof(*out)));
	opp_read_supplies(opp, 0, out, have);
}

static int opp_set_voltage(struct regulator *reg, unsigned long min,
			   unsigned long target, unsigned long max)
{
	if (min == max)
		return regulator_set_voltage(reg, target, target);

	/*
	 * The regulator core BUG()s on a range whose floor is above its
	 * ceiling, as the regulator sees them (ints). Only a broken table has
	 * a triplet whose target or minimum lies above its maximum (the load
	 * warns about it). The transition is refused: -EINVAL is a failed
	 * transition, which cpufreq-dt and devfreq already take as "still at
	 * the old rate", where the BUG() would stop the kernel.
	 */
	if ((int)min > (int)max || (int)target > (int)max)
		return -EINVAL;

	return regulator_set_voltage_triplet(reg, min, target, max);
}

static int opp_call_set_opp_helper(struct opp_transition *t,
				   struct dev_pm_opp *prev,
				   struct dev_pm_opp *opp, unsigned long rate)
{
	struct dev_pm_set_opp_data *data = t->table->set_opp_data;
	unsigned int nr = t->table->nr_regulators;

	data->old_opp.rate = t->rolling_back ? t->to_rate : t->from_rate;
	data->new_opp.rate = rate;
	data->clk = t->table->nr_clk_handles ? t->table->clks[0] : NULL;
	opp_copy_supplies(prev, data->old_opp.supplies, nr);
	opp_copy_supplies(opp, data->new_opp.supplies, nr);

	return t->table->set_opp(data);
}

/*
 * Without a platform callback, the core enables the supplies once their
 * voltage is set and disables them when the votes are dropped, or when a
 * first transition is walked back. The enable is the use count that keeps
 * a regulator the boot loader left on from being switched off as unused at
 * the end of boot, under a running device. Taking it only after the voltage
 * is set means a supply that was off comes on at the OPP's voltage, not at
 * whatever voltage it was left at.
 */
static void opp_switch_supplies(struct opp_transition *t, bool on)
{
	if (t->table->supplies_on == on)
		return;

	if (on)
		opp_enable_supplies(t->table, t->dev);
	else
		opp_disable_supplies(t->table);
	t->table->supplies_on = on;
}

/*
 * The platform's callback owns the regulators it was given, enabling
 * included: a 2017 set_opp helper, or the config_regulators callback of a
 * table with several supplies (__opp_table_plan_dvfs() plans this step for
 * nothing else). Dropping the votes calls neither.
 */
static noinline int opp_step_regulators(struct opp_transition *t,
					struct dev_pm_opp *prev,
					struct dev_pm_opp *opp,
					unsigned long rate)
{
	struct opp_table *table = t->table;

	if (!opp)
		return 0;
	if (table->set_opp)
		return opp_call_set_opp_helper(t, prev, opp, rate);
	return table->config_regulators(t->dev, prev, opp, table->regulators,
					table->nr_regulators);
}

/*
 * The one supply of a table without a set_opp helper: its voltage, then the
 * enable. A config_regulators callback is not called for a single supply:
 * callers rely on it, as a callback may index the second supply
 * unconditionally. An OPP that lists no supply asks for 0 uV.
 */
static noinline int opp_step_supply(struct opp_transition *t,
				    struct dev_pm_opp *opp)
{
	unsigned long min = 0, target = 0, max = 0;
	int ret;

	if (!opp) {
		opp_switch_supplies(t, false);
		return 0;
	}
	if (opp->nr_supplies)
		opp_read_first_voltages(opp, &min, &target, &max);
	ret = opp_set_voltage(t->table->regulators[0], min, target, max);
	if (!ret)
		opp_switch_supplies(t, true);
	return ret;
}

/* The platform's callback may change the rate it was given. */
static noinline int opp_call_config_clks(struct opp_transition *t,
					 struct dev_pm_opp *opp,
					 unsigned long rate)
{
	struct opp_table *table = t->table;
	int ret;

	ret = table->config_clks(t->dev, table, opp, &rate, opp_reversed(t));
	if (!ret)
		table->current_rate = rate;
	return ret;
}

static __always_inline int opp_step_clock(struct opp_transition *t,
					  struct dev_pm_opp *prev,
					  struct dev_pm_opp *opp,
					  unsigned long rate)
{
	struct opp_table *table = t->table;
	int ret;

	/* Dropping votes leaves the clock where it is. */
	if (!table->nr_clk_handles || !opp)
		return 0;

	if (table->config_clks)
		return opp_call_config_clks(t, opp, rate);

	ret = clk_set_rate(table->clks[0], rate);
	if (!ret)
		table->current_rate = rate;
	return ret;
}

static const char * const opp_step_names[OPP_NR_STEPS] = {
	[OPP_STEP_REQUIRED] = "required OPPs",
	[OPP_STEP_LEVEL] = "performance level",
	[OPP_STEP_BW] = "bandwidth",
	[OPP_STEP_REGULATORS] = "regulators",
	[OPP_STEP_SUPPLY] = "regulators",
	[OPP_STEP_CLOCK] = "clock",
};

/*
 * Direct calls: the transition path makes no indirect call of its own.
 * Inline in the walk, which then calls the step itself.
 */
static __always_inline int opp_apply_step(struct opp_transition *t,
					  enum opp_dvfs_step step,
					  struct dev_pm_opp *prev,
					  struct dev_pm_opp *opp,
					  unsigned long rate)
{
	switch (step) {
	case OPP_STEP_REQUIRED:
		return opp_step_required(t, prev, opp, rate);
	case OPP_STEP_LEVEL:
		return opp_step_level(t, prev, opp, rate);
	case OPP_STEP_BW:
		return opp_step_bw(t, prev, opp, rate);
	case OPP_STEP_REGULATORS:
		return opp_step_regulators(t, prev, opp, rate);
	case OPP_STEP_SUPPLY:
		return opp_step_supply(t, opp);
	case OPP_STEP_CLOCK:
		return opp_step_clock(t, prev, opp, rate);
	default:
		return 0;
	}
}

/* ------------------------------------------------------------------------ */
/* The walk                                                                  */
/* ------------------------------------------------------------------------ */

/*
 * The next of @steps to take: upwards when rising, downwards when falling
 * (or, walking back, the other way round).
 */
static enum opp_dvfs_step opp_next_step(bool reversed, unsigned long steps)
{
	return reversed ? __fls(steps) : __ffs(steps);
}

/*
 * Puts back what the steps in @taken changed, the failed one included
 * (steps are idempotent), to where the device was: its old OPP, or no votes
 * at all if it had none. A step that cannot be restored ends the walk:
 * raising the clock after a supply stayed low would be worse. The table is
 * then marked unsure, so that the next transition sets everything.
 */
static void opp_walk_back(struct opp_transition *t, unsigned long taken)
{
	/* Until a walk gets somewhere, the table says whether it had votes. */
	struct dev_pm_opp *back_to = t->table->enabled ? t->from : NULL;
	enum opp_dvfs_step step;
	int ret;

	t->rolling_back = true;
	while (taken) {
		step = opp_next_step(opp_reversed(t), taken);
		taken &= ~BIT(step);
		/* A clock has no vote to drop: it goes back to its old rate. */
		ret = opp_apply_step(t, step, t->to, step == OPP_STEP_CLOCK ?
				     t->from : back_to, t->from_rate);
		if (ret) {
			dev_err(t->dev, "cannot restore the %s of OPP %lu Hz: %d; the device state is unsure\n",
				opp_step_names[step], opp_rates(t->from)[0], ret);
			t->table->unsure = true;
			return;
		}
	}
}

/* Step @step failed with @ret after the steps in @taken were taken. */
static noinline int opp_walk_failed(struct opp_transition *t,
				    enum opp_dvfs_step step,
				    unsigned long taken, int ret)
{
	dev_err(t->dev, "cannot set the %s for %lu Hz: %d; back to %lu Hz\n",
		opp_step_names[step], t->to_rate, ret, t->from_rate);
	t->table->last_error = ret;
	opp_walk_back(t, taken);
	return ret;
}

/* Inline in both its callers, the transition's frame being the walk's. */
static __always_inline int opp_walk(struct opp_transition *t)
{
	unsigned long todo = t->steps, taken = 0;
	bool reversed = opp_reversed(t);
	enum opp_dvfs_step step;
	int ret;

	while (todo) {
		step = opp_next_step(reversed, todo);
		todo &= ~BIT(step);
		taken |= BIT(step);
		ret = opp_apply_step(t, step, t->from, t->to, t->to_rate);
		if (ret)
			return opp_walk_failed(t, step, taken, ret);
	}

	return 0;
}

/* Caller holds dvfs_lock. The OPP the hardware is at, before the first move. */
static struct dev_pm_opp *__opp_guess_current(struct opp_table *table,
					      struct device *dev)
{
	unsigned long now = table->nr_clk_handles ?
			    clk_get_rate(table->clks[0]) : 0;
	unsigned long rate = now;
	struct dev_pm_opp *opp;

	lockdep_assert_held(&table->dvfs_lock);

	opp = dev_pm_opp_find_freq_ceil_indexed(dev, &rate, 0);
	if (IS_ERR(opp)) {
		rate = 0;
		opp = dev_pm_opp_find_freq_ceil_indexed(dev, &rate, 0);
	}
	if (IS_ERR(opp))
		return NULL;

	table->current_rate = now ?: opp_rates(opp)[0];
	return opp;
}

static void opp_trace(const struct opp_transition *t, int ret)
{
	if (!trace_opp_set_rate_enabled())
		return;

	trace_opp_set_rate(t->dev, t->from_rate, t->to_rate,
			   READ_ONCE(opp_supplies(t->from)[0].u_volt),
			   READ_ONCE(opp_supplies(t->to)[0].u_volt), ret);
}

/*
 * Caller holds dvfs_lock. Adds the time since the last change to the OPP.
 * Jiffies, as cpufreq's statistics count: reading them is one load, where
 * a clocksource read would be a good part of the transition's own cost.
 */
static void __opp_account_time(struct opp_table *table)
{
	u64 now = get_jiffies_64();

	lockdep_assert_held(&table->dvfs_lock);

	if (table->enabled && table->current_opp)
		table->current_opp->time += now - table->since;
	table->since = now;
}

/* Table order, decided by the first rates when they differ, as they mostly do. */
static bool opp_sorts_after(struct dev_pm_opp *a, struct dev_pm_opp *b)
{
	unsigned long ra = opp_rates(a)[0], rb = opp_rates(b)[0];

	return ra != rb ? ra > rb : opp_cmp(a, b) > 0;
}

/* 6.1 refuses to move a device whose required OPPs are not a domain's. */
static int opp_foreign_required(struct device *dev, struct dev_pm_opp *opp)
{
	dev_err(dev, "%pOF: required OPPs not of a power domain\n", opp->np);
	return -ENOENT;
}

/*
 * Caller holds dvfs_lock. The steps of @t's move: the table's plan, and the
 * state to set. An OPP without a level leaves the performance state as it
 * is, and a device outside a power domain with states has none to set.
 */
static int __opp_plan_transition(struct opp_transition *t)
{
	int own = opp_own_state(t->table, t->to, &t->level);

	lockdep_assert_held(&t->table->dvfs_lock);
	t->steps = t->table->dvfs_steps;
	if (own <= 0 || !opp_dev_takes_level(t->dev))
		t->steps &= ~BIT(OPP_STEP_LEVEL);
	return own < 0 ? opp_foreign_required(t->dev, t->to) : 0;
}

/*
 * Caller holds dvfs_lock. Walks @dev from the table's current OPP to @opp,
 * clock at @rate, through every planned step. The table's current OPP
 * becomes @opp when the walk gets there.
 */
static int __opp_walk_to(struct opp_table *table, struct device *dev,
			 struct dev_pm_opp *opp, unsigned long rate)
{
	struct dev_pm_opp *from = table->current_opp ?: opp;
	struct opp_transition t = {
		.dev = dev, .table = table, .from = from, .to = opp,
		.from_rate = table->current_opp ? table->current_rate : rate,
		.to_rate = rate, .down = opp_sorts_after(from, opp),
		.rolling_back = false,
	};
	int ret;

	ret = __opp_plan_transition(&t);
	if (ret)
		return ret;
	ret = opp_walk(&t);
	opp_trace(&t, ret);
	if (ret)
		return ret;

	__opp_account_time(table);
	table->current_opp = opp;
	table->current_rate = rate;
	table->enabled = true;
	table->unsure = false;
	table->transitions++;
	return 0;
}

/*
 * Caller holds dvfs_lock. -EBUSY while a table @opp requires is not loaded,
 * -ENOENT on 6.1 for required OPPs outside a power domain.
 */
static int __opp_required_refusal(struct opp_table *table, struct device *dev,
				  struct dev_pm_opp *opp)
{
	unsigned int level;

	if (__opp_required_pending(table, opp))
		return -EBUSY;
	if (OPP_DOMAIN_LEVELS || opp_own_state(table, opp, &level) >= 0)
		return 0;
	return opp_foreign_required(dev, opp);
}

/*
 * Caller holds dvfs_lock. Moves the device to @opp, clock at @rate, unless
 * it runs there already with every vote in place. A @rate of 0 asks for
 * @opp itself (dev_pm_opp_set_opp()): its own rate, or none at all when the
 * device runs at @opp already, even with the clock between two OPPs after a
 * dev_pm_opp_set_rate(). Another rate of the current OPP sets every resource
 * again, so that a voltage adjusted since the last move takes effect.
 */
static int __opp_move(struct opp_table *table, struct device *dev,
		      struct dev_pm_opp *opp, unsigned long rate)
{
	/* Before the first transition nothing is known to be set. */
	bool there = table->current_opp == opp && table->enabled &&
		     !table->unsure;

	lockdep_assert_held(&table->dvfs_lock);

	if (!rate)
		rate = there ? table->current_rate : opp_rates(opp)[0];
	if (there && table->current_rate == rate)
		return 0;
	/* Other refusals come with the plan. */
	if (__opp_required_pending(table, opp)) {
		dev_err(dev, "cannot move to %lu Hz: a required OPP table is not loaded yet\n",
			rate);
		return -EBUSY;
	}

	return __opp_walk_to(table, dev, opp, rate);
}

/*
 * Caller holds dvfs_lock. As __opp_move(); takes over a reference on @opp.
 * The table holds one reference on its current OPP: once the device moved,
 * that is the one on @opp, and the old OPP's is left in *@left; otherwise
 * the one on @opp is. The caller drops it once it released dvfs_lock: the
 * last holder of a removed OPP tells the notifiers, which may transition.
 */
static int __opp_transition(struct opp_table *table, struct device *dev,
			    struct dev_pm_opp *opp, unsigned long rate,
			    struct dev_pm_opp **left)
{
	struct dev_pm_opp *old;
	int ret;

	lockdep_assert_held(&table->dvfs_lock);

	if (!table->current_opp)
		table->current_opp = __opp_guess_current(table, dev);
	old = table->current_opp;
	ret = __opp_move(table, dev, opp, rate);
	*left = table->current_opp != old ? old : opp;
	return ret;
}

/*
 * Caller holds dvfs_lock. Drops the device's votes for 0 Hz: bandwidth,
 * supplies, its own performance state and its required devices' states.
 */
static int __opp_disable(struct opp_table *table, struct device *dev)
{
	struct opp_transition t = {
		.dev = dev, .table = table, .from = table->current_opp,
		.from_rate = table->current_rate, .to_rate = table->current_rate,
		.down = true, .steps = table->dvfs_steps,
	};
	int ret;

	lockdep_assert_held(&table->dvfs_lock);

	/* Devices that never ran at an OPP, or have none left, keep it all. */
	if (!table->enabled || !t.from || !opp_table_has_available(table))
		return 0;
	ret = __opp_required_refusal(table, dev, t.from);
	if (ret)
		return ret;

	ret = opp_walk(&t);
	if (ret)
		return ret;

	__opp_account_time(table);
	table->enabled = false;
	return 0;
}

/* ------------------------------------------------------------------------ */
/* Setting a rate                                                            */
/* ------------------------------------------------------------------------ */

/* Caller holds dvfs_lock. The rate the clock will really run at. */
static unsigned long __opp_round_rate(struct opp_table *table,
				      unsigned long rate)
{
	long rounded;

	lockdep_assert_held(&table->dvfs_lock);

	if (!table->nr_clk_handles)
		return rate;

	rounded = clk_round_rate(table->clks[0], rate);
	return rounded > 0 ? rounded : rate;
}

/*
 * Caller holds dvfs_lock. A table without an available OPP drives only the
 * clock, to @target as asked: dev_pm_opp_set_rate() then stands in for
 * clk_set_rate() on platforms that give the device no OPPs.
 */
static int __opp_set_clock_only(struct opp_table *table, struct device *dev,
				unsigned long target)
{
	int ret;

	lockdep_assert_held(&table->dvfs_lock);
	if (!table->nr_clk_handles) {
		dev_err(dev, "has neither OPPs nor a clock to set %lu Hz\n",
			target);
		return -ENODEV;
	}

	if (table->config_clks)
		ret = table->config_clks(dev, table, NULL, &target, false);
	else
		ret = clk_set_rate(table->clks[0], target);
	if (ret) {
		dev_err(dev, "cannot set the clock to %lu Hz: %d\n", target, ret);
		return ret;
	}

	table->current_rate = target;
	return 0;
}

/*
 * Caller holds dvfs_lock. No OPP is available at or above @rate (@err): a
 * table without any drives only the clock, to @target; otherwise the error,
 * on one line a board bring-up can act on: what the table holds.
 */
static noinline int __opp_set_rate_no_opp(struct opp_table *table,
					  struct device *dev,
					  unsigned long target,
					  unsigned long rate, long err)
{
	struct opp_table_span span;

	lockdep_assert_held(&table->dvfs_lock);
	if (!opp_table_has_available(table))
		return __opp_set_clock_only(table, dev, target);

	opp_table_get_span(table, &span);
	dev_err(dev, "no available OPP at or above %lu Hz: %ld; %u available from %lu to %lu Hz, %u disabled\n",
		rate, err, span.nr_avail, span.lo, span.hi, span.nr_unavail);
	return err;
}

/* Caller holds dvfs_lock. The rounded rate goes to the clock unchanged. */
static int __opp_set_rate(struct opp_table *table, struct device *dev,
			  unsigned long target, struct dev_pm_opp **left)
{
	struct dev_pm_opp *opp;
	unsigned long rate;

	lockdep_assert_held(&table->dvfs_lock);
	rate = __opp_round_rate(table, target);
	opp = opp_table_pick_rate(table, dev, rate);
	if (IS_ERR(opp))
		return __opp_set_rate_no_opp(table, dev, target, rate,
					     PTR_ERR(opp));

	return __opp_transition(table, dev, opp, rate, left);
}

/**
 * dev_pm_opp_set_rate() - move a device to the OPP for a rate
 * @dev: the device
 * @target_freq: the rate wanted, in Hz; 0 drops the device's votes
 *
 * The clock rounds @target_freq; the device gets the slowest available OPP
 * whose rate is at least the rounded rate, and the clock the rounded rate.
 * When the table has no available OPP at all, only the clock is set, to
 * @target_freq. A device whose table has OPPs but no clock gets every vote
 * of the OPP and no clock call. Supplies, bandwidth and level rise before
 * the clock when scaling up and fall after it when scaling down. Nothing is
 * touched when the device already runs at that OPP and rate. If a step
 * fails, what was changed is restored and the device stays at its current
 * OPP. Transitions of one table are serialised.
 *
 * With 0, bandwidth votes are dropped, supplies disabled and the
 * performance states of the device and its required devices set to 0;
 * nothing is touched when the device never ran at an OPP or its table has
 * no available OPP.
 *
 * Context: Process context; takes the table's dvfs_lock and sleeps in the
 * clock and regulator frameworks.
 * Return:
 * * 0 - the device runs at the new OPP (or its votes are dropped)
 * * -EINVAL - @dev is NULL or an error pointer
 * * -ENODEV - @dev has no table, or neither an available OPP nor a clock
 * * -ERANGE - no available OPP runs at or above the rounded rate; nothing
 *   changed
 * * -EBUSY - the table of a required OPP is not loaded yet
 * * another error from the clock, regulator, interconnect or power domain
 *   frameworks, or from the platform's callback
 */
int dev_pm_opp_set_rate(struct device *dev, unsigned long target_freq)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(dev);
	struct dev_pm_opp *left __free(opp_let_go) = NULL;

	if (IS_ERR(table)) {
		if (IS_ERR_OR_NULL(dev))
			pr_err("no device to set %lu Hz for\n", target_freq);
		else
			dev_err(dev, "no OPP table to set %lu Hz with\n",
				target_freq);
		return PTR_ERR(table);
	}

	guard(mutex)(&table->dvfs_lock);
	if (!target_freq)
		return __opp_disable(table, dev);

	return __opp_set_rate(table, dev, target_freq, &left);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_set_rate);

/**
 * dev_pm_opp_set_opp() - move a device to a given OPP
 * @dev: the device
 * @opp: an OPP of @dev's table the caller holds, or NULL to drop the
 *	device's votes
 *
 * As dev_pm_opp_set_rate() for the OPP's own rate, except that a device
 * that runs at @opp already is left as it is, with its clock where a
 * dev_pm_opp_set_rate() between two OPPs put it.
 *
 * Context: Process context; takes the table's dvfs_lock and may sleep.
 * Return: as for dev_pm_opp_set_rate().
 */
int dev_pm_opp_set_opp(struct device *dev, struct dev_pm_opp *opp)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(dev);
	struct dev_pm_opp *left __free(opp_let_go) = NULL;

	if (IS_ERR(table)) {
		if (IS_ERR_OR_NULL(dev))
			pr_err("no device to set an OPP of\n");
		else
			dev_err(dev, "no OPP table to set an OPP with\n");
		return PTR_ERR(table);
	}
	if (IS_ERR(opp))
		return -EINVAL;

	guard(mutex)(&table->dvfs_lock);
	if (!opp)
		return __opp_disable(table, dev);

	return __opp_transition(table, dev, dev_pm_opp_get(opp), 0, &left);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_set_opp);

/**
 * dev_pm_opp_get_current() - the OPP a device runs at
 * @dev: the device
 *
 * The OPP of the last transition dev_pm_opp_set_rate(), dev_pm_opp_set_opp()
 * or dev_pm_opp_set_level() made, while its votes are in place: drivers need
 * not keep their own copy. It may have left the table since.
 *
 * Context: Process context; takes the table's dvfs_lock, so not from a
 * platform callback the core calls during a transition.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer:
 *
 * * -EINVAL - @dev is NULL or an error pointer
 * * -ENODEV - @dev has no OPP table
 * * -ENODATA - no transition set an OPP yet, or the device's votes were
 *   dropped since (rate 0)
 */
struct dev_pm_opp *dev_pm_opp_get_current(struct device *dev)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(dev);

	if (IS_ERR(table))
		return ERR_CAST(table);

	guard(mutex)(&table->dvfs_lock);
	if (!table->enabled || !table->current_opp)
		return ERR_PTR(-ENODATA);

	return dev_pm_opp_get(table->current_opp);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_current);

/**
 * dev_pm_opp_config_clks_simple() - set every clock of a multi-clock OPP
 * @dev: the device
 * @opp_table: its table
 * @opp: the OPP to move to
 * @data: unused
 * @scaling_down: set the clocks in reverse order
 *
 * For dev_pm_opp_config.config_clks, when the clocks are independent.
 *
 * Context: Process context, under the table's dvfs_lock; may sleep.
 * Return: 0 or the first error of clk_set_rate().
 */
int dev_pm_opp_config_clks_simple(struct device *dev,
				  struct opp_table *opp_table,
				  struct dev_pm_opp *opp, void *data,
				  bool scaling_down)
{
	unsigned int nr = opp_table->nr_clk_handles, k, i;
	int ret;

	for (k = 0; k < nr; k++) {
		i = scaling_down ? nr - 1 - k : k;
		ret = clk_set_rate(opp_table->clks[i], opp_rates(opp)[i]);
		if (ret) {
			dev_err(dev, "cannot set clock %u to %lu Hz: %d\n", i,
				opp_rates(opp)[i], ret);
			return ret;
		}
	}

	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_config_clks_simple);

/**
 * dev_pm_opp_sync_regulators() - apply the current OPP's voltages again
 * @dev: the device
 *
 * For platforms whose regulators lose their setting, after resume say.
 *
 * Context: Process context; takes the table's dvfs_lock and may sleep.
 * Return: 0 (also when @dev has no table or regulators, or is not running at
 * an OPP), or the error of regulator_sync_voltage().
 */
int dev_pm_opp_sync_regulators(struct device *dev)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(dev);
	unsigned int i;
	int ret;

	if (IS_ERR(table))
		return 0;

	guard(mutex)(&table->dvfs_lock);
	for (i = 0; table->enabled && i < table->nr_regulators; i++) {
		ret = regulator_sync_voltage(table->regulators[i]);
		if (ret)
			return ret;
	}

	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_sync_regulators);

/**
 * dev_pm_opp_get_max_volt_latency() - the slowest voltage transition of a
 *	device
 * @dev: the device
 *
 * The time the device's regulators need to move across the voltage range of
 * its available OPPs.
 *
 * Context: Process context; takes the table's dvfs_lock and may sleep.
 * Return: the latency in ns; 0 when @dev has no table or drives no
 * regulator.
 */
unsigned long dev_pm_opp_get_max_volt_latency(struct device *dev)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(dev);
	unsigned long latency = 0, lo, hi;
	struct dev_pm_opp *opp;
	unsigned int i, s;
	int us;

	if (IS_ERR(table))
		return 0;

	guard(mutex)(&table->dvfs_lock);
	for (s = 0; s < table->nr_regulators; s++) {
		lo = ULONG_MAX;
		hi = 0;
		scoped_guard(rcu) {
			struct opp_snapshot *snap = rcu_dereference(table->snap);

			for (i = 0; i < snap->nr_avail; i++) {
				opp = snap->opps[i];
				lo = min(lo, READ_ONCE(opp_supplies(opp)[s].u_volt_min));
				hi = max(hi, READ_ONCE(opp_supplies(opp)[s].u_volt_max));
			}
		}
		us = lo <= hi ? regulator_set_voltage_time(table->regulators[s],
							  lo, hi) : 0;
		if (us > 0)
			latency += us * 1000UL;
	}

	return latency;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_max_volt_latency);

/**
 * dev_pm_opp_get_max_transition_latency() - the slowest OPP transition of a
 *	device
 * @dev: the device
 *
 * Context: Process context; takes the table's dvfs_lock and may sleep in
 * the regulator framework.
 * Return: dev_pm_opp_get_max_clock_latency() plus
 * dev_pm_opp_get_max_volt_latency(), in ns.
 */
unsigned long dev_pm_opp_get_max_transition_latency(struct device *dev)
{
	return dev_pm_opp_get_max_volt_latency(dev) +
	       dev_pm_opp_get_max_clock_latency(dev);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_max_transition_latency);
