/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fake hardware for the tests of an OPP core: a clock, regulators, PM
 * domains and an interconnect provider that log what they are asked to do,
 * and a console that counts a device's messages. Built on public kernel
 * APIs only, so that the KUnit suites, the conformance suites and the
 * benchmark use them against any OPP core. Everything made here belongs to
 * a KUnit test and is undone, last made first, when the test ends.
 */

#ifndef __OPP_FAKES_H__
#define __OPP_FAKES_H__

#include <kunit/test.h>
#include <linux/clk-provider.h>
#include <linux/interconnect-provider.h>
#include <linux/notifier.h>
#include <linux/pm_domain.h>
#include <linux/regulator/driver.h>
#include <linux/regulator/machine.h>

#include "kunit_bridge.h"

struct device;
struct device_node;

/**
 * enum fake_ev_kind - what a log entry records
 * @FAKE_EV_RATE: a clock changed rate; value in Hz
 * @FAKE_EV_VOLT: a regulator changed voltage; value in uV
 * @FAKE_EV_ON: a regulator was enabled
 * @FAKE_EV_OFF: a regulator was disabled
 * @FAKE_EV_LEVEL: a PM domain got a performance state
 * @FAKE_EV_BW: an interconnect node got a peak bandwidth, in kBps
 */
enum fake_ev_kind {
	FAKE_EV_RATE,
	FAKE_EV_VOLT,
	FAKE_EV_ON,
	FAKE_EV_OFF,
	FAKE_EV_LEVEL,
	FAKE_EV_BW,
};

/**
 * struct fake_ev - one hardware change
 * @kind: what changed
 * @id: which clock, regulator, domain or node, as its maker numbered it
 * @value: the new rate, voltage, state or bandwidth; 0 for on and off
 */
struct fake_ev {
	enum fake_ev_kind kind;
	unsigned int id;
	unsigned long value;
};

#define FAKE_MAX_EVENTS		32

/**
 * struct fake_log - the changes the fakes sharing it made, in order
 * @nr: changes since the last check, more than @ev holds if it overflowed
 * @ev: the first %FAKE_MAX_EVENTS of them
 */
struct fake_log {
	unsigned int nr;
	struct fake_ev ev[FAKE_MAX_EVENTS];
};

struct fake_log *fake_log(struct kunit *test);
void fake_log_add(struct fake_log *log, enum fake_ev_kind kind,
		  unsigned int id, unsigned long value);
void fake_expect_log(struct kunit *test, struct fake_log *log,
		     const struct fake_ev *want, unsigned int nr);
const char *fake_ev_name(enum fake_ev_kind kind);
const char *fake_name(struct kunit *test, const char *a, const char *b);

/* Expects exactly the events listed since the last check. */
#define FAKE_EXPECT_LOG(test, log, ...)					\
	do {								\
		static const struct fake_ev __want[] = { __VA_ARGS__ };	\
									\
		fake_expect_log(test, log, __want, ARRAY_SIZE(__want));	\
	} while (0)

/* No hardware change since the last check. */
#define FAKE_EXPECT_QUIET(test, log)	fake_expect_log(test, log, NULL, 0)

/**
 * struct fake_clk - a clock that takes any rate
 * @hw: the clock
 * @rate: its rate
 * @log: where its rate changes go, or NULL
 * @id: its id in @log
 * @sets: rate changes made (.set_rate calls)
 * @fail: what .set_rate returns (the clock framework ignores it, and the
 *	rate stays), 0 to take the rate
 * @nb: the rate-change notifier fake_clk_watch() registers
 * @watch: the consumer handle @nb is registered on, NULL until then
 * @asks: rate changes asked since fake_clk_watch(), refused ones included
 * @refuse_at: refuse ask number @refuse_at (from 1), 0 for none; a refused
 *	change makes clk_set_rate() fail with -EBUSY
 * @blocked: refuse every ask
 */
struct fake_clk {
	struct clk_hw hw;
	unsigned long rate;
	struct fake_log *log;
	unsigned int id;
	unsigned int sets;
	int fail;
	struct notifier_block nb;
	struct clk *watch;
	unsigned int asks;
	unsigned int refuse_at;
	bool blocked;
};

struct fake_clk *fake_clk(struct kunit *test, struct fake_log *log,
			  const char *dev_id, const char *con_id,
			  unsigned long rate, unsigned int id);
void fake_clk_watch(struct kunit *test, struct fake_clk *clk);
void fake_clk_block(struct kunit *test, struct fake_clk *clk);

/* A regulator's range: 0.5 V to 1.5 V in 5 mV steps. */
#define FAKE_REG_MIN_UV		500000
#define FAKE_REG_STEP_UV	5000
#define FAKE_REG_N		201
#define FAKE_REG_MAX_UV		(FAKE_REG_MIN_UV + \
				 (FAKE_REG_N - 1) * FAKE_REG_STEP_UV)

/**
 * struct fake_reg - a linear regulator
 * @desc: its description
 * @init: its constraints
 * @supply: its consumer mapping
 * @log: where its changes go, or NULL
 * @id: its id in @log
 * @sel: its voltage selector
 * @on: it is enabled
 * @sets: voltage changes asked (set_voltage_sel calls), failed ones included
 * @fail: what every voltage change fails with, 0 for none
 * @fail_at: fail voltage change number @fail_at (from 1) with -EIO, 0 for
 *	none
 * @unreadable: reading the voltage fails with -EIO
 * @enables: enable calls, failed ones included
 * @enable_fail: what enabling it fails with, 0 for none
 */
struct fake_reg {
	struct regulator_desc desc;
	struct regulator_init_data init;
	struct regulator_consumer_supply supply;
	struct fake_log *log;
	unsigned int id;
	unsigned int sel;
	bool on;
	unsigned int sets;
	int fail;
	unsigned int fail_at;
	bool unreadable;
	unsigned int enables;
	int enable_fail;
};

struct fake_reg *fake_reg(struct kunit *test, struct fake_log *log,
			  const char *dev_id, const char *supply,
			  unsigned int id, unsigned int ramp_delay);
struct fake_reg *fake_reg_unknown(struct kunit *test, struct fake_log *log,
				  const char *dev_id, const char *supply,
				  unsigned int id);
unsigned long fake_reg_uv(const struct fake_reg *reg);

/**
 * struct fake_pd - a bare PM domain that takes performance states
 * @domain: the domain; on 6.1, where only generic PM domains take states,
 *	a generic PM domain of its own
 * @log: where its states go (as id 0), or NULL
 * @state: the state last set
 * @sets: state changes asked, failed ones included
 * @fail_at: fail state change number @fail_at (from 1) with -EIO, 0 for
 *	none
 */
struct fake_pd {
#ifndef FAKE_PD_IS_GENPD
	struct dev_pm_domain domain;
#else
	struct generic_pm_domain domain;
#endif
	struct fake_log *log;
	unsigned int state;
	unsigned int sets;
	unsigned int fail_at;
};

struct fake_pd *fake_pm_domain(struct kunit *test, struct fake_log *log,
			       struct device *dev);
void fake_pm_domain_join(struct kunit *test, struct fake_pd *pd,
			 struct device *dev);

/**
 * struct fake_genpd - a generic PM domain provided on a device tree node
 * @pd: the domain
 * @np: the provider's node
 * @log: where its states go, or NULL
 * @id: its id in @log
 * @state: the performance state last set
 */
struct fake_genpd {
	struct generic_pm_domain pd;
	struct device_node *np;
	struct fake_log *log;
	unsigned int id;
	unsigned int state;
};

struct fake_genpd *fake_genpd_new(struct kunit *test);
void fake_genpd_start(struct kunit *test, struct fake_genpd *g,
		      struct fake_log *log, const char *compatible,
		      unsigned int id);
struct fake_genpd *fake_genpd(struct kunit *test, struct fake_log *log,
			      const char *compatible, unsigned int id);
void fake_genpd_attach(struct kunit *test, struct device *dev);

#define FAKE_ICC_NODES		4

/**
 * struct fake_icc - an interconnect provider of %FAKE_ICC_NODES nodes
 * @provider: the provider
 * @data: its nodes, by the one cell of an "interconnects" specifier
 * @log: where the bandwidths set on the nodes go, or NULL
 * @avg: the average bandwidth last set on a path's source node, in kBps
 * @peak: the peak bandwidth last set there, in kBps
 */
struct fake_icc {
	struct icc_provider provider;
	struct icc_onecell_data *data;
	struct fake_log *log;
	u32 avg;
	u32 peak;
};

#if IS_BUILTIN(CONFIG_INTERCONNECT)
struct fake_icc *fake_icc(struct kunit *test, struct fake_log *log,
			  struct device *dev);
#else
/* No interconnect framework to provide for: the tables get no paths. */
static inline struct fake_icc *fake_icc(struct kunit *test,
					struct fake_log *log,
					struct device *dev)
{
	return NULL;
}
#endif

/*
 * A WARN's report, from its "cut here" line to its "end trace" line, counts
 * as one message of this level.
 */
#define FAKE_CON_SPLAT		(LOGLEVEL_WARNING + 1)
/* Lines the console keeps, and how many of their bytes. */
#define FAKE_CON_LINES		4
#define FAKE_CON_LEN		256
/* Marks a console counts lines of apart. */
#define FAKE_CON_MARKS		2

struct fake_console;

struct fake_console *fake_console(struct kunit *test, struct device *dev,
				  int max_level);
unsigned int fake_console_count(struct fake_console *con);
unsigned int fake_console_count_level(struct fake_console *con, int level);
void fake_console_mark(struct fake_console *con, unsigned int i,
		       const char *mark);
unsigned int fake_console_count_marked(struct fake_console *con,
				       unsigned int i, int level);
const char *fake_console_splat(struct fake_console *con, unsigned int i);
const char *fake_console_line(struct fake_console *con, unsigned int i);
void fake_console_reset(struct fake_console *con);

#endif /* __OPP_FAKES_H__ */
