/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A fake clock and recording regulators for the DVFS suites: every rate and
 * voltage change, enable and disable lands in one ordered event log.
 */

#ifndef __OPP_KUNIT_DVFS_H__
#define __OPP_KUNIT_DVFS_H__

#include <kunit/test.h>
#include <linux/clk-provider.h>
#include <linux/pm_domain.h>
#include <linux/regulator/driver.h>
#include <linux/regulator/machine.h>

#define OPP_KUNIT_MAX_LOG	32
#define OPP_KUNIT_MAX_REGS	2

/**
 * enum opp_kunit_ev_kind - what a log entry records
 * @OPP_EV_RATE: the clock was set to @value Hz
 * @OPP_EV_VOLT: regulator @id was set to @value uV
 * @OPP_EV_ON: regulator @id was enabled
 * @OPP_EV_OFF: regulator @id was disabled
 * @OPP_EV_PSTATE: the required device got performance state @value
 * @OPP_EV_BW: interconnect path @id got @value kBps peak bandwidth
 */
enum opp_kunit_ev_kind {
	OPP_EV_RATE,
	OPP_EV_VOLT,
	OPP_EV_ON,
	OPP_EV_OFF,
	OPP_EV_PSTATE,
	OPP_EV_BW,
};

/**
 * struct opp_kunit_ev - one entry of the log
 * @kind: what happened
 * @id: which regulator (0 for the clock)
 * @value: the rate or voltage
 */
struct opp_kunit_ev {
	enum opp_kunit_ev_kind kind;
	unsigned int id;
	unsigned long value;
};

/**
 * struct opp_kunit_fake_reg - a recording regulator
 * @desc: its description; linear 0.5 V to 1.5 V in 5 mV steps
 * @init: its constraints and consumer mapping
 * @supply: the consumer mapping
 * @fix: the fixture it logs into
 * @id: its index in the fixture
 * @sel: the current selector
 * @on: enabled
 * @sets: set_voltage_sel calls so far
 * @fail_at: fail the set_voltage_sel call with this number (from 1), or 0
 * @unreadable: reading the voltage fails
 * @enable_err: what enabling it fails with (0: it does not fail)
 * @enables: enable calls, failed ones included
 */
struct opp_kunit_fake_reg {
	struct regulator_desc desc;
	struct regulator_init_data init;
	struct regulator_consumer_supply supply;
	struct opp_kunit_dvfs *fix;
	unsigned int id;
	unsigned int sel;
	bool on;
	unsigned int sets;
	unsigned int fail_at;
	bool unreadable;
	int enable_err;
	unsigned int enables;
};

/**
 * struct opp_kunit_dvfs - a device with a fake clock and regulators
 * @test: the test
 * @dev: the consumer device
 * @hw: the fake clock
 * @clk: a consumer handle on it, for its notifier
 * @nb: the rate-change notifier that makes rates fail
 * @rate: the fake clock's rate
 * @clk_sets: rate changes attempted so far
 * @clk_fail_at: refuse the rate change with this number (from 1), or 0
 * @regs: the recording regulators, supplies "vdd" and "vdd2"
 * @domain: the recording power domain opp_kunit_join_domain() puts
 *	devices in
 * @pstate: the performance state last set through @domain
 * @pstate_sets: performance state changes attempted through @domain
 * @pstate_fail_at: refuse the state change with this number (from 1), or 0
 * @peak: the peak bandwidth last recorded with opp_kunit_record()
 * @nr: entries in @log
 * @log: what the clock and regulators were asked to do, in order
 */
struct opp_kunit_dvfs {
	struct kunit *test;
	struct device *dev;
	struct clk_hw hw;
	struct clk *clk;
	struct notifier_block nb;
	unsigned long rate;
	unsigned int clk_sets;
	unsigned int clk_fail_at;
	struct opp_kunit_fake_reg regs[OPP_KUNIT_MAX_REGS];
	struct dev_pm_domain domain;
	unsigned int pstate;
	unsigned int pstate_sets;
	unsigned int pstate_fail_at;
	unsigned long peak;
	unsigned int nr;
	struct opp_kunit_ev log[OPP_KUNIT_MAX_LOG];
};

/**
 * struct opp_kunit_genpd - a generic PM domain that logs its states
 * @pd: the domain
 * @np: the provider's device tree node
 * @fix: the fixture whose log gets the states (%OPP_EV_PSTATE, id 1), once
 *	the test sets it
 */
struct opp_kunit_genpd {
	struct generic_pm_domain pd;
	struct device_node *np;
	struct opp_kunit_dvfs *fix;
};

struct opp_kunit_genpd *opp_kunit_genpd(struct kunit *test,
					const char *compatible);
struct opp_kunit_dvfs *opp_kunit_dvfs(struct kunit *test, const char *name,
				      bool of, unsigned long rate,
				      unsigned int nr_regs);
struct opp_kunit_dvfs *opp_kunit_dvfs_unknown_supply(struct kunit *test,
						     const char *name,
						     unsigned long rate);
void opp_kunit_record(struct opp_kunit_dvfs *fix, enum opp_kunit_ev_kind kind,
		      unsigned int id, unsigned long value);
unsigned long opp_kunit_reg_uv(const struct opp_kunit_fake_reg *reg);
struct device *opp_kunit_required_dev(struct opp_kunit_dvfs *fix);
void opp_kunit_join_domain(struct opp_kunit_dvfs *fix, struct device *dev);
void opp_kunit_expect_log(struct kunit *test, struct opp_kunit_dvfs *fix,
			  const struct opp_kunit_ev *want, unsigned int nr);

#endif /* __OPP_KUNIT_DVFS_H__ */
