/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernels this core builds on, 6.12 and 6.1, differ in some of what it
 * calls. The core is written against 6.12; on 6.1 this header, the only
 * place that tells the two apart, gives it the same names. What 6.1's
 * callers see of the OPP API itself is in include/linux/pm_opp.h.
 */
#ifndef __DRIVERS_OPP_BRIDGE_H__
#define __DRIVERS_OPP_BRIDGE_H__

#include <linux/version.h>

/*
 * opp_dev_takes_level(dev) says whether @dev is in a power domain that takes
 * performance states: without one, dev_pm_domain_set_performance_state()
 * does nothing and returns 0. opp_assign_str() is the tracepoints'
 * __assign_str(), whose source argument 6.12 no longer takes.
 * opp_config_required_devs(config) is dev_pm_opp_config's required_devs,
 * which 6.1's layout of the structure, kept for its modules, lacks.
 *
 * Where 6.1's OPP core behaves otherwise, as its callers see it (besides
 * pm_opp.h's OPP_LEVEL_UNSET, 0 on 6.1, where level 0 is no level):
 * OPP_DOMAIN_LEVELS: an OPP whose one required OPP is a power domain's
 *	takes that OPP's level as its own, and a required OPP outside a power
 *	domain has no performance state (6.12). On 6.1 the OPP has none, the
 *	device votes the required OPP's level instead of its own, a move
 *	whose required OPPs are not a power domain's is refused (-ENOENT),
 *	and every OPP has a performance state, shown in debugfs: its level in
 *	a power domain's table, else 0.
 * OPP_MICROVOLT_RULES: only "opp-microvolt" fixes the number of supplies,
 *	every OPP of a table with supplies needs it, and the other supply
 *	properties of an OPP without it are not read (6.1).
 * OPP_GENPD_NAMES_DEFER: power domain names for a table that requires no
 *	OPPs are -EPROBE_DEFER, silently (6.1), not -EINVAL.
 */
#define OPP_ON_6_1		(LINUX_VERSION_CODE < KERNEL_VERSION(6, 2, 0))
#define OPP_DOMAIN_LEVELS	(!OPP_ON_6_1)
#define OPP_MICROVOLT_RULES	OPP_ON_6_1
#define OPP_GENPD_NAMES_DEFER	OPP_ON_6_1

#if OPP_ON_6_1
#include <linux/of_device.h>
#include <linux/pm_domain.h>

#define kmemdup_array(src, n, size, gfp)	kmemdup(src, size_mul(n, size), gfp)

/* 6.1 has genpd's call only, which fails for a device outside genpd. */
static inline int dev_pm_domain_set_performance_state(struct device *dev,
						      unsigned int state)
{
	int ret = dev_pm_genpd_set_performance_state(dev, state);

	return ret == -ENODEV ? 0 : ret;
}

#define opp_dev_takes_level(dev)	(!!(dev)->pm_domain)

#define opp_assign_str(field, src)	__assign_str(field, src)
#define opp_config_required_devs(config)	((struct device **)NULL)
#else
static inline bool opp_dev_takes_level(struct device *dev)
{
	return dev->pm_domain && dev->pm_domain->set_performance_state;
}

#define opp_assign_str(field, src)	__assign_str(field)
#define opp_config_required_devs(config)	((config)->required_devs)
#endif

#endif /* __DRIVERS_OPP_BRIDGE_H__ */
