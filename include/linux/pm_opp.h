/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Operating Performance Points: the public interface.
 *
 * An OPP is one (frequency, voltage(s), level, bandwidth) point that a device
 * can run at. Tables of OPPs are kept per device, or per group of devices that
 * share a clock and a rail. The implementation lives in drivers/opp/; the
 * model and its locking rules are described at the top of drivers/opp/opp.h
 * and in Documentation/power/opp.rst.
 */

#ifndef __LINUX_OPP_H__
#define __LINUX_OPP_H__

#include <linux/cleanup.h>
#include <linux/energy_model.h>
#include <linux/err.h>
#include <linux/notifier.h>
#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0)
#include <linux/args.h>		/* COUNT_ARGS(), in linux/kernel.h before */
#endif

struct clk;
struct cpufreq_frequency_table;
struct cpumask;
struct regulator;
struct dev_pm_opp;
struct device;
struct opp_table;

/**
 * enum dev_pm_opp_event - what an OPP table notifier is told about
 * @OPP_EVENT_ADD: an OPP was added to the table
 * @OPP_EVENT_REMOVE: an OPP left the table
 * @OPP_EVENT_ENABLE: a disabled OPP became available
 * @OPP_EVENT_DISABLE: an available OPP was disabled
 * @OPP_EVENT_ADJUST_VOLTAGE: the voltage of an OPP was changed
 *
 * The notifier's data pointer is the &struct dev_pm_opp concerned.
 */
enum dev_pm_opp_event {
	OPP_EVENT_ADD, OPP_EVENT_REMOVE, OPP_EVENT_ENABLE, OPP_EVENT_DISABLE,
	OPP_EVENT_ADJUST_VOLTAGE,
};

/**
 * struct dev_pm_opp_supply - one power supply's values at an OPP
 * @u_volt: voltage the supply is set to, in microvolts
 * @u_volt_min: lowest voltage the OPP tolerates, in microvolts
 * @u_volt_max: highest voltage the OPP tolerates, in microvolts
 * @u_amp: largest current the device draws from the supply, in microamperes
 * @u_watt: power the device consumes from the supply, in microwatts
 */
struct dev_pm_opp_supply {
	unsigned long u_volt;
	unsigned long u_volt_min;
	unsigned long u_volt_max;
	unsigned long u_amp;
	unsigned long u_watt;
};

typedef int (*config_regulators_t)(struct device *dev,
			struct dev_pm_opp *old_opp, struct dev_pm_opp *new_opp,
			struct regulator **regulators, unsigned int count);

typedef int (*config_clks_t)(struct device *dev, struct opp_table *opp_table,
			struct dev_pm_opp *opp, void *data, bool scaling_down);

/**
 * struct dev_pm_opp_config - platform settings applied to a device's table
 * @clk_names: clock names, NULL terminated
 * @config_clks: callback that programs the clocks instead of the core
 * @prop_name: suffix selecting "opp-microvolt-<name>" and similar properties
 * @config_regulators: callback that programs the regulators instead of the
 *	core when two or more are named; unused with a single regulator
 * @supported_hw: hardware version words matched against "opp-supported-hw"
 * @supported_hw_count: number of words in @supported_hw
 * @regulator_names: regulator names, NULL terminated, in supply order
 * @genpd_names: power domains to attach, NULL terminated; not together with
 *	@required_devs
 * @virt_devs: where to return the virtual devices of @genpd_names
 * @required_devs: devices whose tables this table's "required-opps" point to;
 *	not together with @genpd_names (from 6.8: 6.1's layout ends before it)
 */
struct dev_pm_opp_config {
	const char * const *clk_names;
	config_clks_t config_clks;
	const char *prop_name;
	config_regulators_t config_regulators;
	const unsigned int *supported_hw;
	unsigned int supported_hw_count;
	const char * const *regulator_names;
	const char * const *genpd_names;
	struct device ***virt_devs;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
	struct device **required_devs;
#endif
};

/**
 * struct dev_pm_opp_info - one side of a transition, for the legacy helper
 * @rate: the clock rate in Hz
 * @supplies: the supply values, one per regulator
 */
struct dev_pm_opp_info {
	unsigned long rate;
	struct dev_pm_opp_supply *supplies;
};

/**
 * struct dev_pm_set_opp_data - what a legacy set_opp helper is given
 * @old_opp: where the device comes from
 * @new_opp: where it goes
 * @regulators: the regulators named by dev_pm_opp_set_regulators()
 * @regulator_count: number of entries in @regulators
 * @clk: the device's clock (the core sets it after the helper returned
 *	when scaling up, before calling it when scaling down)
 * @dev: the device
 */
struct dev_pm_set_opp_data {
	struct dev_pm_opp_info old_opp;
	struct dev_pm_opp_info new_opp;
	struct regulator **regulators;
	unsigned int regulator_count;
	struct clk *clk;
	struct device *dev;
};

/*
 * An OPP without a performance level. Before 6.8 (6.1 here) level 0 meant
 * none, as it does for 6.1's callers.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
#define OPP_LEVEL_UNSET			U32_MAX
#else
#define OPP_LEVEL_UNSET			0
#endif

/**
 * struct dev_pm_opp_data - description of an OPP added by code
 * @turbo: the OPP is a boost point, not for sustained use
 * @level: performance level, or %OPP_LEVEL_UNSET when the table has none
 * @freq: clock rate in Hz
 * @u_volt: supply voltage in microvolts
 */
struct dev_pm_opp_data {
	bool turbo;
	unsigned int level;
	unsigned long freq;
	unsigned long u_volt;
};

/**
 * struct dev_pm_opp_key - several keys an OPP is looked up by at once
 * @freq: rate of the (single) clock in Hz, or 0 to match any rate
 * @level: performance level, or %OPP_LEVEL_UNSET to match any level
 * @bw: peak bandwidth of the first interconnect path in kBps, or 0 to match
 *	any bandwidth
 *
 * For dev_pm_opp_find_key_exact(): a PCIe controller, for instance, runs
 * 8 GT/s x2 and 16 GT/s x1 at one clock rate and tells the two OPPs apart by
 * their level.
 */
struct dev_pm_opp_key {
	unsigned long freq;
	unsigned int level;
	u32 bw;
};

#if defined(CONFIG_PM_OPP)

struct opp_table *dev_pm_opp_get_opp_table(struct device *dev);
struct opp_table *dev_pm_opp_get_opp_table_ref(struct opp_table *opp_table);
unsigned long dev_pm_opp_get_bw(struct dev_pm_opp *opp, bool peak, int index);
struct dev_pm_opp *dev_pm_opp_find_key_exact(struct device *dev,
					     struct dev_pm_opp_key *key,
					     bool available);
struct dev_pm_opp *dev_pm_opp_get_current(struct device *dev);
int dev_pm_opp_enable_vote_aggregation(struct device *dev);
void dev_pm_opp_disable_vote_aggregation(struct device *dev);
int devm_pm_opp_enable_vote_aggregation(struct device *dev);
void dev_pm_opp_put_opp_table(struct opp_table *opp_table);

unsigned long dev_pm_opp_get_voltage(struct dev_pm_opp *opp);
int dev_pm_opp_get_supplies(struct dev_pm_opp *opp,
			    struct dev_pm_opp_supply *supplies);
unsigned long dev_pm_opp_get_power(struct dev_pm_opp *opp);
unsigned long dev_pm_opp_get_freq_indexed(struct dev_pm_opp *opp, u32 index);
unsigned int dev_pm_opp_get_level(struct dev_pm_opp *opp);
unsigned int dev_pm_opp_get_required_pstate(struct dev_pm_opp *opp,
					    unsigned int index);
bool dev_pm_opp_is_turbo(struct dev_pm_opp *opp);

int dev_pm_opp_get_opp_count(struct device *dev);
unsigned long dev_pm_opp_get_max_clock_latency(struct device *dev);
unsigned long dev_pm_opp_get_max_volt_latency(struct device *dev);
unsigned long dev_pm_opp_get_max_transition_latency(struct device *dev);
unsigned long dev_pm_opp_get_suspend_opp_freq(struct device *dev);

struct dev_pm_opp *dev_pm_opp_find_freq_exact(struct device *dev,
					      unsigned long freq,
					      bool available);
struct dev_pm_opp *
dev_pm_opp_find_freq_exact_indexed(struct device *dev, unsigned long freq,
				   u32 index, bool available);
struct dev_pm_opp *dev_pm_opp_find_freq_floor(struct device *dev,
					      unsigned long *freq);
struct dev_pm_opp *
dev_pm_opp_find_freq_floor_indexed(struct device *dev, unsigned long *freq,
				   u32 index);
struct dev_pm_opp *dev_pm_opp_find_freq_ceil(struct device *dev,
					     unsigned long *freq);
struct dev_pm_opp *
dev_pm_opp_find_freq_ceil_indexed(struct device *dev, unsigned long *freq,
				  u32 index);
struct dev_pm_opp *dev_pm_opp_find_level_exact(struct device *dev,
					       unsigned int level);
struct dev_pm_opp *dev_pm_opp_find_level_ceil(struct device *dev,
					      unsigned int *level);
struct dev_pm_opp *dev_pm_opp_find_level_floor(struct device *dev,
					       unsigned int *level);
struct dev_pm_opp *dev_pm_opp_find_bw_ceil(struct device *dev,
					   unsigned int *bw, int index);
struct dev_pm_opp *dev_pm_opp_find_bw_floor(struct device *dev,
					    unsigned int *bw, int index);

struct dev_pm_opp *dev_pm_opp_get(struct dev_pm_opp *opp);
void dev_pm_opp_put(struct dev_pm_opp *opp);

int dev_pm_opp_add_dynamic(struct device *dev, struct dev_pm_opp_data *opp);
void dev_pm_opp_remove(struct device *dev, unsigned long freq);
void dev_pm_opp_remove_all_dynamic(struct device *dev);
int dev_pm_opp_adjust_voltage(struct device *dev, unsigned long freq,
			      unsigned long u_volt, unsigned long u_volt_min,
			      unsigned long u_volt_max);
int dev_pm_opp_enable(struct device *dev, unsigned long freq);
int dev_pm_opp_disable(struct device *dev, unsigned long freq);

int dev_pm_opp_register_notifier(struct device *dev, struct notifier_block *nb);
int dev_pm_opp_unregister_notifier(struct device *dev,
				   struct notifier_block *nb);

int dev_pm_opp_set_config(struct device *dev, struct dev_pm_opp_config *config);
int devm_pm_opp_set_config(struct device *dev, struct dev_pm_opp_config *config);
void dev_pm_opp_clear_config(int token);
int dev_pm_opp_config_clks_simple(struct device *dev,
				  struct opp_table *opp_table,
				  struct dev_pm_opp *opp, void *data,
				  bool scaling_down);

int dev_pm_opp_set_rate(struct device *dev, unsigned long target_freq);
int dev_pm_opp_set_opp(struct device *dev, struct dev_pm_opp *opp);
int dev_pm_opp_sync_regulators(struct device *dev);

struct opp_table *dev_pm_opp_set_regulators_table(struct device *dev,
						  const char * const names[],
						  unsigned int count);
void dev_pm_opp_put_regulators_table(struct opp_table *opp_table);
struct opp_table *
dev_pm_opp_register_set_opp_helper(struct device *dev,
				   int (*set_opp)(struct dev_pm_set_opp_data *data));
void dev_pm_opp_register_put_opp_helper(struct opp_table *opp_table);

struct dev_pm_opp *dev_pm_opp_xlate_required_opp(struct opp_table *src_table,
						 struct opp_table *dst_table,
						 struct dev_pm_opp *src_opp);
int dev_pm_opp_xlate_performance_state(struct opp_table *src_table,
				       struct opp_table *dst_table,
				       unsigned int pstate);

int dev_pm_opp_set_sharing_cpus(struct device *cpu_dev,
				const struct cpumask *cpumask);
int dev_pm_opp_get_sharing_cpus(struct device *cpu_dev,
				struct cpumask *cpumask);
void dev_pm_opp_remove_table(struct device *dev);
void dev_pm_opp_cpumask_remove_table(const struct cpumask *cpumask);

#else /* !CONFIG_PM_OPP */

static inline struct opp_table *dev_pm_opp_get_opp_table(struct device *dev)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct opp_table *
dev_pm_opp_get_opp_table_indexed(struct device *dev, int index)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline void dev_pm_opp_put_opp_table(struct opp_table *opp_table) {}

static inline struct opp_table *
dev_pm_opp_get_opp_table_ref(struct opp_table *opp_table)
{
	return opp_table;
}

static inline unsigned long dev_pm_opp_get_bw(struct dev_pm_opp *opp,
					      bool peak, int index)
{
	return 0;
}

static inline struct dev_pm_opp *
dev_pm_opp_find_key_exact(struct device *dev, struct dev_pm_opp_key *key,
			  bool available)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *dev_pm_opp_get_current(struct device *dev)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline int dev_pm_opp_enable_vote_aggregation(struct device *dev)
{
	return -EOPNOTSUPP;
}

static inline void dev_pm_opp_disable_vote_aggregation(struct device *dev) {}

static inline int devm_pm_opp_enable_vote_aggregation(struct device *dev)
{
	return -EOPNOTSUPP;
}

static inline unsigned long dev_pm_opp_get_voltage(struct dev_pm_opp *opp)
{
	return 0;
}

static inline int dev_pm_opp_get_supplies(struct dev_pm_opp *opp,
					  struct dev_pm_opp_supply *supplies)
{
	return -EOPNOTSUPP;
}

static inline unsigned long dev_pm_opp_get_power(struct dev_pm_opp *opp)
{
	return 0;
}

static inline unsigned long dev_pm_opp_get_freq_indexed(struct dev_pm_opp *opp,
							u32 index)
{
	return 0;
}

static inline unsigned int dev_pm_opp_get_level(struct dev_pm_opp *opp)
{
	return 0;
}

static inline unsigned int
dev_pm_opp_get_required_pstate(struct dev_pm_opp *opp, unsigned int index)
{
	return 0;
}

static inline bool dev_pm_opp_is_turbo(struct dev_pm_opp *opp)
{
	return false;
}

static inline int dev_pm_opp_get_opp_count(struct device *dev)
{
	return 0;
}

static inline unsigned long dev_pm_opp_get_max_clock_latency(struct device *dev)
{
	return 0;
}

static inline unsigned long dev_pm_opp_get_max_volt_latency(struct device *dev)
{
	return 0;
}

static inline unsigned long
dev_pm_opp_get_max_transition_latency(struct device *dev)
{
	return 0;
}

static inline unsigned long dev_pm_opp_get_suspend_opp_freq(struct device *dev)
{
	return 0;
}

static inline struct dev_pm_opp *
dev_pm_opp_find_freq_exact(struct device *dev, unsigned long freq,
			   bool available)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *
dev_pm_opp_find_freq_exact_indexed(struct device *dev, unsigned long freq,
				   u32 index, bool available)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *
dev_pm_opp_find_freq_floor(struct device *dev, unsigned long *freq)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *
dev_pm_opp_find_freq_floor_indexed(struct device *dev, unsigned long *freq,
				   u32 index)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *
dev_pm_opp_find_freq_ceil(struct device *dev, unsigned long *freq)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *
dev_pm_opp_find_freq_ceil_indexed(struct device *dev, unsigned long *freq,
				  u32 index)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *
dev_pm_opp_find_level_exact(struct device *dev, unsigned int level)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *
dev_pm_opp_find_level_ceil(struct device *dev, unsigned int *level)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *
dev_pm_opp_find_level_floor(struct device *dev, unsigned int *level)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *
dev_pm_opp_find_bw_ceil(struct device *dev, unsigned int *bw, int index)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *
dev_pm_opp_find_bw_floor(struct device *dev, unsigned int *bw, int index)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline struct dev_pm_opp *dev_pm_opp_get(struct dev_pm_opp *opp)
{
	return opp;
}

static inline void dev_pm_opp_put(struct dev_pm_opp *opp) {}

static inline int dev_pm_opp_add_dynamic(struct device *dev,
					 struct dev_pm_opp_data *opp)
{
	return -EOPNOTSUPP;
}

static inline void dev_pm_opp_remove(struct device *dev, unsigned long freq) {}

static inline void dev_pm_opp_remove_all_dynamic(struct device *dev) {}

static inline int
dev_pm_opp_adjust_voltage(struct device *dev, unsigned long freq,
			  unsigned long u_volt, unsigned long u_volt_min,
			  unsigned long u_volt_max)
{
	return 0;
}

static inline int dev_pm_opp_enable(struct device *dev, unsigned long freq)
{
	return 0;
}

static inline int dev_pm_opp_disable(struct device *dev, unsigned long freq)
{
	return 0;
}

static inline int dev_pm_opp_register_notifier(struct device *dev,
					       struct notifier_block *nb)
{
	return -EOPNOTSUPP;
}

static inline int dev_pm_opp_unregister_notifier(struct device *dev,
						 struct notifier_block *nb)
{
	return -EOPNOTSUPP;
}

static inline int dev_pm_opp_set_config(struct device *dev,
					struct dev_pm_opp_config *config)
{
	return -EOPNOTSUPP;
}

static inline int devm_pm_opp_set_config(struct device *dev,
					 struct dev_pm_opp_config *config)
{
	return -EOPNOTSUPP;
}

static inline void dev_pm_opp_clear_config(int token) {}

static inline int dev_pm_opp_config_clks_simple(struct device *dev,
						struct opp_table *opp_table,
						struct dev_pm_opp *opp,
						void *data, bool scaling_down)
{
	return -EOPNOTSUPP;
}

static inline int dev_pm_opp_set_rate(struct device *dev,
				      unsigned long target_freq)
{
	return -EOPNOTSUPP;
}

static inline int dev_pm_opp_set_opp(struct device *dev, struct dev_pm_opp *opp)
{
	return -EOPNOTSUPP;
}

static inline int dev_pm_opp_sync_regulators(struct device *dev)
{
	return -EOPNOTSUPP;
}

static inline struct opp_table *
dev_pm_opp_set_regulators_table(struct device *dev, const char * const names[],
				unsigned int count)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline void dev_pm_opp_put_regulators_table(struct opp_table *opp_table)
{
}

static inline struct opp_table *
dev_pm_opp_register_set_opp_helper(struct device *dev,
				   int (*set_opp)(struct dev_pm_set_opp_data *data))
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline void
dev_pm_opp_register_put_opp_helper(struct opp_table *opp_table)
{
}

static inline struct dev_pm_opp *
dev_pm_opp_xlate_required_opp(struct opp_table *src_table,
			      struct opp_table *dst_table,
			      struct dev_pm_opp *src_opp)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline int
dev_pm_opp_xlate_performance_state(struct opp_table *src_table,
				   struct opp_table *dst_table,
				   unsigned int pstate)
{
	return -EOPNOTSUPP;
}

static inline int dev_pm_opp_set_sharing_cpus(struct device *cpu_dev,
					      const struct cpumask *cpumask)
{
	return -EOPNOTSUPP;
}

static inline int dev_pm_opp_get_sharing_cpus(struct device *cpu_dev,
					      struct cpumask *cpumask)
{
	return -EINVAL;
}

static inline void dev_pm_opp_remove_table(struct device *dev) {}

static inline void
dev_pm_opp_cpumask_remove_table(const struct cpumask *cpumask) {}

#endif /* CONFIG_PM_OPP */

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 2, 0)
/* 6.1 declares the cpufreq table helpers in linux/cpufreq.h. */
#elif defined(CONFIG_CPU_FREQ) && defined(CONFIG_PM_OPP)
int dev_pm_opp_init_cpufreq_table(struct device *dev,
				  struct cpufreq_frequency_table **table);
void dev_pm_opp_free_cpufreq_table(struct device *dev,
				   struct cpufreq_frequency_table **table);
#else
static inline int
dev_pm_opp_init_cpufreq_table(struct device *dev,
			      struct cpufreq_frequency_table **table)
{
	return -EINVAL;
}

static inline void
dev_pm_opp_free_cpufreq_table(struct device *dev,
			      struct cpufreq_frequency_table **table)
{
}
#endif

#if defined(CONFIG_PM_OPP) && defined(CONFIG_OF)
int dev_pm_opp_of_add_table(struct device *dev);
int dev_pm_opp_of_add_table_indexed(struct device *dev, int index);
int devm_pm_opp_of_add_table_indexed(struct device *dev, int index);
void dev_pm_opp_of_remove_table(struct device *dev);
int devm_pm_opp_of_add_table(struct device *dev);
int dev_pm_opp_of_cpumask_add_table(const struct cpumask *cpumask);
void dev_pm_opp_of_cpumask_remove_table(const struct cpumask *cpumask);
int dev_pm_opp_of_get_sharing_cpus(struct device *cpu_dev,
				   struct cpumask *cpumask);
struct device_node *dev_pm_opp_of_get_opp_desc_node(struct device *dev);
struct device_node *dev_pm_opp_get_of_node(struct dev_pm_opp *opp);
int of_get_required_opp_performance_state(struct device_node *np, int index);
bool dev_pm_opp_of_has_required_opp(struct device *dev);
int dev_pm_opp_of_find_icc_paths(struct device *dev,
				 struct opp_table *opp_table);
int dev_pm_opp_of_register_em(struct device *dev, struct cpumask *cpus);
int dev_pm_opp_calc_power(struct device *dev, unsigned long *uW,
			  unsigned long *kHz);

static inline void dev_pm_opp_of_unregister_em(struct device *dev)
{
	em_dev_unregister_perf_domain(dev);
}
#else
static inline int dev_pm_opp_of_add_table(struct device *dev)
{
	return -EOPNOTSUPP;
}

static inline int dev_pm_opp_of_add_table_indexed(struct device *dev,
						  int index)
{
	return -EOPNOTSUPP;
}

static inline int devm_pm_opp_of_add_table_indexed(struct device *dev,
						   int index)
{
	return -EOPNOTSUPP;
}

static inline void dev_pm_opp_of_remove_table(struct device *dev) {}

static inline int devm_pm_opp_of_add_table(struct device *dev)
{
	return -EOPNOTSUPP;
}

static inline int
dev_pm_opp_of_cpumask_add_table(const struct cpumask *cpumask)
{
	return -EOPNOTSUPP;
}

static inline void
dev_pm_opp_of_cpumask_remove_table(const struct cpumask *cpumask) {}

static inline int dev_pm_opp_of_get_sharing_cpus(struct device *cpu_dev,
						 struct cpumask *cpumask)
{
	return -EOPNOTSUPP;
}

static inline struct device_node *
dev_pm_opp_of_get_opp_desc_node(struct device *dev)
{
	return NULL;
}

static inline struct device_node *
dev_pm_opp_get_of_node(struct dev_pm_opp *opp)
{
	return NULL;
}

static inline int dev_pm_opp_of_register_em(struct device *dev,
					    struct cpumask *cpus)
{
	return -EOPNOTSUPP;
}

static inline void dev_pm_opp_of_unregister_em(struct device *dev) {}

static inline int dev_pm_opp_calc_power(struct device *dev, unsigned long *uW,
					unsigned long *kHz)
{
	return -EOPNOTSUPP;
}

static inline int
of_get_required_opp_performance_state(struct device_node *np, int index)
{
	return -EOPNOTSUPP;
}

static inline bool dev_pm_opp_of_has_required_opp(struct device *dev)
{
	return false;
}

static inline int dev_pm_opp_of_find_icc_paths(struct device *dev,
					       struct opp_table *opp_table)
{
	return -EOPNOTSUPP;
}
#endif

#if defined(CONFIG_PM_OPP) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 8, 0)
/* Exported, not inline, before 6.8: 6.1's modules call it. */
int dev_pm_opp_add(struct device *dev, unsigned long freq, unsigned long u_volt);
#else
static inline int dev_pm_opp_add(struct device *dev, unsigned long freq,
				 unsigned long u_volt)
{
	struct dev_pm_opp_data data = {
		.freq = freq,
		.u_volt = u_volt,
	};

	return dev_pm_opp_add_dynamic(dev, &data);
}
#endif

/* Regulator helpers, in the Linux 6.12 form: a token */
static inline int dev_pm_opp_set_regulators_token(struct device *dev,
						  const char * const names[])
{
	struct dev_pm_opp_config config = {
		.regulator_names = names,
	};

	return dev_pm_opp_set_config(dev, &config);
}

static inline void dev_pm_opp_put_regulators_token(int token)
{
	dev_pm_opp_clear_config(token);
}

static inline int devm_pm_opp_set_regulators(struct device *dev,
					     const char * const names[])
{
	struct dev_pm_opp_config config = {
		.regulator_names = names,
	};

	return devm_pm_opp_set_config(dev, &config);
}

/*
 * dev_pm_opp_set_regulators() and dev_pm_opp_put_regulators() exist in two
 * forms. Linux 6.12: set(dev, names) with a NULL-terminated list returns an
 * int token, and put(token) undoes it. The original API, still used by
 * platform code: set(dev, names, count) returns the struct opp_table, and
 * put(table) undoes it. The number of arguments picks the setter, the type
 * of the argument the putter, at compile time.
 */
#define dev_pm_opp_set_regulators(...)					\
	CONCATENATE(__dev_pm_opp_set_regulators_,			\
		    COUNT_ARGS(__VA_ARGS__))(__VA_ARGS__)
#define __dev_pm_opp_set_regulators_2	dev_pm_opp_set_regulators_token
#define __dev_pm_opp_set_regulators_3	dev_pm_opp_set_regulators_table
#define dev_pm_opp_put_regulators(x)					\
	__builtin_choose_expr(__builtin_types_compatible_p(typeof(x),	\
							   struct opp_table *), \
			      dev_pm_opp_put_regulators_table,		\
			      dev_pm_opp_put_regulators_token)(x)

/* Clock-name helpers */
static inline int dev_pm_opp_set_clkname(struct device *dev, const char *name)
{
	const char *names[2] = { name, NULL };
	struct dev_pm_opp_config config = {
		.clk_names = names,
	};

	return dev_pm_opp_set_config(dev, &config);
}

static inline void dev_pm_opp_put_clkname(int token)
{
	dev_pm_opp_clear_config(token);
}

static inline int devm_pm_opp_set_clkname(struct device *dev, const char *name)
{
	const char *names[2] = { name, NULL };
	struct dev_pm_opp_config config = {
		.clk_names = names,
	};

	return devm_pm_opp_set_config(dev, &config);
}

/* config_regulators helpers */
static inline int dev_pm_opp_set_config_regulators(struct device *dev,
						   config_regulators_t helper)
{
	struct dev_pm_opp_config config = {
		.config_regulators = helper,
	};

	return dev_pm_opp_set_config(dev, &config);
}

static inline void dev_pm_opp_put_config_regulators(int token)
{
	dev_pm_opp_clear_config(token);
}

/* Power domain helpers: attach by name; the virtual devices come back */
static inline int dev_pm_opp_attach_genpd(struct device *dev,
					  const char * const *names,
					  struct device ***virt_devs)
{
	struct dev_pm_opp_config config = {
		.genpd_names = names,
		.virt_devs = virt_devs,
	};

	return dev_pm_opp_set_config(dev, &config);
}

static inline void dev_pm_opp_detach_genpd(int token)
{
	dev_pm_opp_clear_config(token);
}

static inline int devm_pm_opp_attach_genpd(struct device *dev,
					   const char * const *names,
					   struct device ***virt_devs)
{
	struct dev_pm_opp_config config = {
		.genpd_names = names,
		.virt_devs = virt_devs,
	};

	return devm_pm_opp_set_config(dev, &config);
}

/* Supported-hardware helpers */
static inline int dev_pm_opp_set_supported_hw(struct device *dev,
					      const u32 *versions,
					      unsigned int count)
{
	struct dev_pm_opp_config config = {
		.supported_hw = versions,
		.supported_hw_count = count,
	};

	return dev_pm_opp_set_config(dev, &config);
}

static inline void dev_pm_opp_put_supported_hw(int token)
{
	dev_pm_opp_clear_config(token);
}

static inline int devm_pm_opp_set_supported_hw(struct device *dev,
					       const u32 *versions,
					       unsigned int count)
{
	struct dev_pm_opp_config config = {
		.supported_hw = versions,
		.supported_hw_count = count,
	};

	return devm_pm_opp_set_config(dev, &config);
}

/* Property-name helpers */
static inline int dev_pm_opp_set_prop_name(struct device *dev,
					   const char *name)
{
	struct dev_pm_opp_config config = {
		.prop_name = name,
	};

	return dev_pm_opp_set_config(dev, &config);
}

static inline void dev_pm_opp_put_prop_name(int token)
{
	dev_pm_opp_clear_config(token);
}

static inline int devm_pm_opp_set_prop_name(struct device *dev,
					    const char *name)
{
	struct dev_pm_opp_config config = {
		.prop_name = name,
	};

	return devm_pm_opp_set_config(dev, &config);
}

static inline unsigned long dev_pm_opp_get_freq(struct dev_pm_opp *opp)
{
	return dev_pm_opp_get_freq_indexed(opp, 0);
}

/*
 * Scope-based release of an OPP or a table reference, as in newer kernels:
 *	struct dev_pm_opp *opp __free(put_opp) = dev_pm_opp_find_...(...);
 * Error pointers and NULL are left alone.
 */
DEFINE_FREE(put_opp, struct dev_pm_opp *,
	    { if (!IS_ERR_OR_NULL(_T)) dev_pm_opp_put(_T); })
DEFINE_FREE(put_opp_table, struct opp_table *,
	    { if (!IS_ERR_OR_NULL(_T)) dev_pm_opp_put_opp_table(_T); })

/**
 * dev_pm_opp_set_level() - move a device to the OPP of a performance level
 * @dev: the device
 * @level: the level; an OPP of @dev's table must have exactly this level
 *
 * dev_pm_opp_set_opp() on the available OPP dev_pm_opp_find_level_exact()
 * finds, for tables indexed by level (power domains, rateless devices).
 *
 * Context: Process context; may sleep.
 * Return: 0 once the device runs at that OPP, the error of
 * dev_pm_opp_find_level_exact() (-ERANGE when no available OPP has @level,
 * -ENODEV without a table) or that of dev_pm_opp_set_opp().
 */
static inline int dev_pm_opp_set_level(struct device *dev, unsigned int level)
{
	struct dev_pm_opp *opp __free(put_opp) =
		dev_pm_opp_find_level_exact(dev, level);

	if (IS_ERR(opp))
		return PTR_ERR(opp);

	return dev_pm_opp_set_opp(dev, opp);
}

#endif /* __LINUX_OPP_H__ */
