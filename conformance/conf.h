/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The conformance suites' own fixtures, beside the fake hardware and
 * console of ../fakes/: devices, overlays, tables, notifications and
 * debugfs reads. Only public kernel APIs are used, so that the suites build
 * against any OPP core that implements include/linux/pm_opp.h.
 */

#ifndef __OPP_CONF_H__
#define __OPP_CONF_H__

#include <kunit/test.h>
#include <linux/notifier.h>
#include <linux/pm_opp.h>

#include "../fakes/fakes.h"
#include "conf_dt.h"

struct device;
struct device_node;

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

/* The fake interconnect provider on a device bound to @compatible's node. */
struct fake_icc *conf_icc(struct kunit *test, struct fake_log *log,
			  const char *compatible);

/*
 * Messages naming @dev (any message, for a NULL @dev), at KERN_WARNING or
 * more urgent, as printed.
 */
static inline struct fake_console *conf_console(struct kunit *test,
						struct device *dev)
{
	return fake_console(test, dev, LOGLEVEL_WARNING);
}

/*
 * The level of an OPP without one: U32_MAX since 6.8, where level 0 is a
 * level; 0 before (6.1).
 */
#ifdef OPP_TEST_API_6_1
#define CONF_NO_LEVEL	0
#else
#define CONF_NO_LEVEL	U32_MAX
#endif

/*
 * Before a call that may WARN on purpose: the kernel log's judge (make
 * check's, scripts/ktap-verdict.awk) then takes the next WARN report of
 * the case, when it stopped in @fn, for an expected one.
 */
#define CONF_EXPECT_WARN(test, fn)	kunit_info(test, "expect WARN in %s", fn)

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
