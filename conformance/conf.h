/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The conformance suites' own fixtures: devices, a fake clock, fake
 * regulators, a fake PM domain, a generic PM domain provider, a fake
 * interconnect provider, a console that counts a device's messages, and
 * debugfs reads. Only public kernel APIs are used, so that the suites build
 * against any OPP core that implements include/linux/pm_opp.h.
 */

#ifndef __OPP_CONF_H__
#define __OPP_CONF_H__

#include <kunit/of.h>
#include <kunit/test.h>
#include <linux/clk-provider.h>
#include <linux/interconnect-provider.h>
#include <linux/notifier.h>
#include <linux/pm_domain.h>
#include <linux/pm_opp.h>
#include <linux/regulator/driver.h>
#include <linux/regulator/machine.h>

#include "conf_dt.h"

struct device;
struct device_node;

/* What the fakes saw, in order: one entry per hardware change. */
enum conf_ev_kind {
	CONF_EV_RATE,		/* a clock changed rate: value in Hz */
	CONF_EV_VOLT,		/* a regulator changed voltage: value in uV */
	CONF_EV_ON,		/* a regulator was enabled */
	CONF_EV_OFF,		/* a regulator was disabled */
	CONF_EV_LEVEL,		/* a performance state was voted */
	CONF_EV_BW,		/* an interconnect got a peak bandwidth */
};

struct conf_ev {
	enum conf_ev_kind kind;
	unsigned int id;
	unsigned long value;
};

#define CONF_MAX_EVENTS		32

struct conf_log {
	unsigned int nr;
	struct conf_ev ev[CONF_MAX_EVENTS];
};

struct conf_log *conf_log(struct kunit *test);
void conf_log_add(struct conf_log *log, enum conf_ev_kind kind,
		  unsigned int id, unsigned long value);
void conf_expect_log(struct kunit *test, struct conf_log *log,
		     const struct conf_ev *want, unsigned int nr);
unsigned int conf_log_count(struct conf_log *log, enum conf_ev_kind kind);
const char *conf_ev_name(enum conf_ev_kind kind);

#define CONF_EXPECT_LOG(test, log, ...)					\
	do {								\
		static const struct conf_ev __want[] = { __VA_ARGS__ };	\
									\
		conf_expect_log(test, log, __want, ARRAY_SIZE(__want));	\
	} while (0)

/* No hardware change since the last check. */
#define CONF_EXPECT_QUIET(test, log)	conf_expect_log(test, log, NULL, 0)

/* Devices. Their dynamic OPPs go away with the test. */
struct device *conf_device(struct kunit *test, const char *name);
void conf_track_tables(struct kunit *test, struct device *dev);
struct device *conf_devres_device(struct kunit *test, const char *name);
void conf_bind_node(struct kunit *test, struct device *dev,
		    const char *compatible);
struct device *conf_of_device(struct kunit *test, const char *name,
			      const char *compatible);
struct device_node *conf_node(struct kunit *test, const char *compatible);
int conf_of_add_table(struct kunit *test, struct device *dev);
void conf_add(struct kunit *test, struct device *dev, unsigned long freq,
	      unsigned long u_volt);
void conf_add_level(struct kunit *test, struct device *dev, unsigned long freq,
		    unsigned int level);
struct dev_pm_opp *conf_exact(struct kunit *test, struct device *dev,
			      unsigned long freq, bool available);
int conf_set_config(struct kunit *test, struct device *dev,
		    struct dev_pm_opp_config *config);
void conf_clear_config_now(struct kunit *test, int token);
void conf_keep_opp(struct kunit *test, struct dev_pm_opp *opp);
struct opp_table *conf_table(struct kunit *test, struct device *dev);

extern const u8 *conf_suite_dtbo;

/*
 * CONF_OVERLAY() - apply the overlay @name for one case, undone when it
 * ends; nothing when the case's suite applied @name already.
 */
#define CONF_OVERLAY(test, name)					\
	do {								\
		struct kunit *__test = (test);				\
		extern u8 __dtbo_##name##_begin[];			\
									\
		if (conf_suite_dtbo != __dtbo_##name##_begin)		\
			KUNIT_ASSERT_EQ(__test,				\
					of_overlay_apply_kunit(__test, name), \
					0);				\
	} while (0)

int conf_suite_overlay_apply(const u8 *begin, const u8 *end);
void conf_suite_overlay_remove(void);

/*
 * CONF_SUITE_OVERLAY() - one overlay for every case of a suite
 * @suite: the suite's prefix: defines @suite_suite_init() and
 *	@suite_suite_exit() for its struct kunit_suite
 * @name: the overlay, as for CONF_OVERLAY()
 *
 * For suites whose cases only read the overlay's nodes: each application
 * costs about a second under KASAN (a sysfs file per property). The cases
 * still undo what they did to the nodes' devices and tables, as each case
 * of a per-case overlay does.
 */
#define CONF_SUITE_OVERLAY(suite, name)					\
	static int suite##_suite_init(struct kunit_suite *s)		\
	{								\
		extern u8 __dtbo_##name##_begin[];			\
		extern u8 __dtbo_##name##_end[];			\
									\
		return conf_suite_overlay_apply(__dtbo_##name##_begin,	\
						__dtbo_##name##_end);	\
	}								\
									\
	static void suite##_suite_exit(struct kunit_suite *s)		\
	{								\
		conf_suite_overlay_remove();				\
	}

/* A clock that takes any rate, found by clk_get(dev_id's device, con_id). */
struct conf_clk {
	struct clk_hw hw;
	unsigned long rate;
	struct conf_log *log;
	unsigned int id;
	unsigned int sets;
	int fail;		/* set_rate fails with this */
};

struct conf_clk *conf_clk(struct kunit *test, struct conf_log *log,
			  const char *dev_id, const char *con_id,
			  unsigned long rate, unsigned int id);
void conf_clk_block(struct kunit *test, struct conf_clk *clk);

/* A linear regulator, 0.5 V to 1.5 V in 5 mV steps, supply of dev_id. */
#define CONF_REG_MIN_UV		500000
#define CONF_REG_STEP_UV	5000
#define CONF_REG_N		201
#define CONF_REG_MAX_UV		(CONF_REG_MIN_UV + \
				 (CONF_REG_N - 1) * CONF_REG_STEP_UV)

struct conf_reg {
	struct regulator_desc desc;
	struct regulator_init_data init;
	struct regulator_consumer_supply supply;
	struct conf_log *log;
	unsigned int id;
	unsigned int sel;
	bool on;
	int fail;		/* set_voltage_sel fails with this */
	int enable_fail;	/* enable fails with this */
	unsigned int sets;
	unsigned int enables;	/* enable calls, failed ones included */
};

struct conf_reg *conf_reg(struct kunit *test, struct conf_log *log,
			  const char *dev_id, const char *supply,
			  unsigned int id, unsigned int ramp_delay);
unsigned long conf_reg_uv(const struct conf_reg *reg);

/* A PM domain that logs the performance states asked of @dev. */
void conf_pm_domain(struct kunit *test, struct conf_log *log,
		    struct device *dev);

/* A generic PM domain provider on a device tree node. */
struct conf_genpd {
	struct generic_pm_domain pd;
	struct device_node *np;
	struct conf_log *log;
	unsigned int id;
};

struct conf_genpd *conf_genpd(struct kunit *test, struct conf_log *log,
			      const char *compatible, unsigned int id);
struct conf_genpd *conf_genpd_new(struct kunit *test);
void conf_genpd_start(struct kunit *test, struct conf_genpd *g,
		      struct conf_log *log, const char *compatible,
		      unsigned int id);
void conf_genpd_attach(struct kunit *test, struct device *dev);

/* An interconnect provider with CONF_ICC_NODES nodes, i linked to i + 1. */
struct conf_icc {
	struct icc_provider provider;
	struct icc_onecell_data *data;
	struct device *dev;
	struct conf_log *log;
};

struct conf_icc *conf_icc(struct kunit *test, struct conf_log *log,
			  const char *compatible);

/*
 * Messages naming a device (any message, for a NULL device), at KERN_WARNING
 * or more urgent, as printed. A WARN's report, from its "cut here" line to
 * its "end trace" line, counts as one message of level CONF_CON_SPLAT.
 */
struct conf_console;

#define CONF_CON_SPLAT		(LOGLEVEL_WARNING + 1)

struct conf_console *conf_console(struct kunit *test, struct device *dev);

/*
 * Before a call that may WARN on purpose: the kernel log's judge (make
 * check's, scripts/ktap-verdict.awk) then takes the next WARN report of
 * the case, when it stopped in @fn, for an expected one.
 */
#define CONF_EXPECT_WARN(test, fn)	kunit_info(test, "expect WARN in %s", fn)

unsigned int conf_console_count(struct conf_console *con);
unsigned int conf_console_count_level(struct conf_console *con, int level);
/* Lines that contain mark @i (of CONF_CON_MARKS) are counted apart too. */
#define CONF_CON_MARKS		2

void conf_console_mark(struct conf_console *con, unsigned int i,
		       const char *mark);
unsigned int conf_console_count_marked(struct conf_console *con,
				       unsigned int i, int level);
/* Where WARN number @i stopped: its function, or "BUG <file:line>". */
const char *conf_console_splat(struct conf_console *con, unsigned int i);
const char *conf_console_line(struct conf_console *con, unsigned int i);
void conf_console_reset(struct conf_console *con);

/* OPP notifications, in order. */
#define CONF_MAX_NOTES		16

struct conf_notes {
	struct notifier_block nb;
	struct device *dev;
	unsigned int nr;
	unsigned long event[CONF_MAX_NOTES];
	unsigned long freq[CONF_MAX_NOTES];
	unsigned long u_volt[CONF_MAX_NOTES];
};

struct conf_notes *conf_notes(struct kunit *test, struct device *dev);

/* Reads /sys/kernel/debug/<path> into @buf; the byte count or -errno. */
ssize_t conf_debugfs_read(struct kunit *test, const char *path, char *buf,
			  size_t size);
bool conf_debugfs_exists(struct kunit *test, const char *path);

void conf_expect_debugfs(struct kunit *test, const char *path,
			 const char *text);

/*
 * Calls @emit for each entry under /sys/kernel/debug/@dir, depth first and
 * by name: a file's text, "<dir>" for a directory, "<link>" for a link.
 * Returns 0, or -errno when @dir cannot be opened.
 */
typedef void (*conf_debugfs_emit_t)(void *priv, const char *path,
				     const char *text);

int conf_debugfs_walk(struct kunit *test, const char *dir,
		      conf_debugfs_emit_t emit, void *priv);

#endif /* __OPP_CONF_H__ */
