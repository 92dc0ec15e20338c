// SPDX-License-Identifier: GPL-2.0-only
/*
 * Platform configuration of OPP tables: dev_pm_opp_set_config() and the
 * tokens that undo it.
 *
 * A configuration is a list of settings, each applied by one step and undone
 * by its pair. dev_pm_opp_set_config() walks the steps forwards; a failure,
 * or dev_pm_opp_clear_config() later, undoes the applied ones backwards. A
 * table shared by several devices is configured by the first of them; the
 * others' settings of the same kind are accepted and left alone, and only the
 * token that applied a setting undoes it.
 */

#define pr_fmt(fmt) "opp: " fmt

#include <linux/device.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/xarray.h>

#include "opp.h"

/**
 * struct opp_config_step - one kind of setting
 * @name: what the setting is, for messages
 * @wanted: whether @config asks for this setting
 * @apply: applies it; called with the table's lock held
 * @undo: undoes it; called with the table's lock held
 */
struct opp_config_step {
	const char *name;
	bool (*wanted)(const struct dev_pm_opp_config *config);
	int (*apply)(struct opp_table *table, struct device *dev,
		     const struct dev_pm_opp_config *config);
	void (*undo)(struct opp_table *table);
};

/**
 * struct opp_config_token - what one dev_pm_opp_set_config() call applied
 * @table: the configured table, referenced
 * @applied: bit i set when step i was applied by this call
 */
struct opp_config_token {
	struct opp_table *table;
	unsigned long applied;
};

static DEFINE_XARRAY_ALLOC1(opp_config_tokens);

static bool opp_wants_prop_name(const struct dev_pm_opp_config *config)
{
	return config->prop_name;
}

static int opp_apply_prop_name(struct opp_table *table, struct device *dev,
			       const struct dev_pm_opp_config *config)
{
	if (table->prop_name)
		return -EALREADY;

	table->prop_name = kstrdup_const(config->prop_name, GFP_KERNEL);
	return table->prop_name ? 0 : -ENOMEM;
}

static void opp_undo_prop_name(struct opp_table *table)
{
	kfree_const(table->prop_name);
	table->prop_name = NULL;
}

static bool opp_wants_supported_hw(const struct dev_pm_opp_config *config)
{
	return config->supported_hw;
}

static int opp_apply_supported_hw(struct opp_table *table, struct device *dev,
				  const struct dev_pm_opp_config *config)
{
	if (table->supported_hw)
		return -EALREADY;
	if (!config->supported_hw_count) {
		dev_err(dev, "supported hardware versions given without a count\n");
		return -EINVAL;
	}

	table->supported_hw = kmemdup_array(config->supported_hw,
					    config->supported_hw_count,
					    sizeof(*config->supported_hw),
					    GFP_KERNEL);
	if (!table->supported_hw)
		return -ENOMEM;

	table->supported_hw_count = config->supported_hw_count;
	return 0;
}

static void opp_undo_supported_hw(struct opp_table *table)
{
	kfree(table->supported_hw);
	table->supported_hw = NULL;
	table->supported_hw_count = 0;
}

static const struct opp_config_step opp_config_steps[] = {
	{
		.name = "property name",
		.wanted = opp_wants_prop_name,
		.apply = opp_apply_prop_name,
		.undo = opp_undo_prop_name,
	},
	{
		.name = "supported hardware",
		.wanted = opp_wants_supported_hw,
		.apply = opp_apply_supported_hw,
		.undo = opp_undo_supported_hw,
	},
};

/* Fields of struct dev_pm_opp_config this core does not handle yet. */
static bool opp_config_is_unsupported(const struct dev_pm_opp_config *config)
{
	return config->clk_names || config->config_clks ||
	       config->config_regulators || config->regulator_names ||
	       config->genpd_names || config->required_devs;
}

static void __opp_config_undo(struct opp_config_token *token)
{
	struct opp_table *table = token->table;
	int i;

	lockdep_assert_held(&table->lock);

	for (i = ARRAY_SIZE(opp_config_steps) - 1; i >= 0; i--)
		if (token->applied & BIT(i))
			opp_config_steps[i].undo(table);
	token->applied = 0;
}

/* A table with OPPs is parsed already: settings would come too late. */
static bool __opp_table_is_empty(struct opp_table *table)
{
	struct opp_snapshot *snap = __opp_table_snapshot(table);

	return !(snap->nr_avail + snap->nr_unavail);
}

static int __opp_config_apply(struct opp_config_token *token,
			      struct device *dev,
			      const struct dev_pm_opp_config *config)
{
	struct opp_table *table = token->table;
	const struct opp_config_step *step;
	unsigned int i;
	int ret;

	lockdep_assert_held(&table->lock);

	if (!__opp_table_is_empty(table)) {
		dev_err(dev, "OPP table already has OPPs: configure it before adding them\n");
		return -EBUSY;
	}

	for (i = 0; i < ARRAY_SIZE(opp_config_steps); i++) {
		step = &opp_config_steps[i];
		if (!step->wanted(config))
			continue;

		ret = step->apply(table, dev, config);
		if (ret == -EALREADY)
			continue;
		if (ret) {
			dev_err(dev, "cannot set the OPP %s: %d\n", step->name,
				ret);
			__opp_config_undo(token);
			return ret;
		}
		token->applied |= BIT(i);
	}

	return 0;
}

static void opp_config_release(struct opp_config_token *token)
{
	scoped_guard(mutex, &token->table->lock)
		__opp_config_undo(token);
	dev_pm_opp_put_opp_table(token->table);
	kfree(token);
}

/**
 * dev_pm_opp_set_config() - apply platform settings to a device's OPP table
 * @dev: the device; its table is created if it has none
 * @config: the settings: property name suffix and supported hardware
 *	versions
 *
 * Must come before the table gets its OPPs. On a table shared by several
 * devices the first setting of each kind wins; later ones are accepted and
 * ignored. The table stays alive until the token is cleared.
 *
 * Context: Process context; may sleep.
 * Return: a token (> 0) for dev_pm_opp_clear_config(), or:
 *
 * * -EINVAL - bad @dev or @config, or a hardware version list without count
 * * -EBUSY - the table already has OPPs
 * * -EOPNOTSUPP - @config asks for clocks, regulators, helpers, power
 *   domains or required devices, which this core does not handle yet
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_set_config(struct device *dev, struct dev_pm_opp_config *config)
{
	struct opp_config_token *token;
	u32 id;
	int ret;

	if (!config)
		return -EINVAL;
	if (opp_config_is_unsupported(config)) {
		dev_err(dev, "OPP configuration asks for what this core cannot do yet\n");
		return -EOPNOTSUPP;
	}

	token = kzalloc(sizeof(*token), GFP_KERNEL);
	if (!token)
		return -ENOMEM;

	token->table = opp_table_get_or_create(dev, 0);
	if (IS_ERR(token->table)) {
		ret = PTR_ERR(token->table);
		kfree(token);
		return ret;
	}

	scoped_guard(mutex, &token->table->lock)
		ret = __opp_config_apply(token, dev, config);
	if (!ret)
		ret = xa_alloc(&opp_config_tokens, &id, token,
			       XA_LIMIT(1, INT_MAX), GFP_KERNEL);
	if (ret) {
		opp_config_release(token);
		return ret;
	}

	return id;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_set_config);

/**
 * dev_pm_opp_clear_config() - undo a dev_pm_opp_set_config()
 * @token: what dev_pm_opp_set_config() returned; values <= 0 are ignored
 *
 * Undoes the settings that call applied and drops its table reference.
 *
 * Context: Process context; may sleep.
 */
void dev_pm_opp_clear_config(int token)
{
	struct opp_config_token *data;

	if (token <= 0)
		return;

	data = xa_erase(&opp_config_tokens, token);
	if (WARN_ON_ONCE(!data))
		return;

	opp_config_release(data);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_clear_config);

static void opp_config_devm_release(void *token)
{
	dev_pm_opp_clear_config((uintptr_t)token);
}

/**
 * devm_pm_opp_set_config() - dev_pm_opp_set_config() undone on driver detach
 * @dev: the device
 * @config: the settings
 *
 * Context: Process context; may sleep.
 * Return: 0, or an error of dev_pm_opp_set_config() or -ENOMEM.
 */
int devm_pm_opp_set_config(struct device *dev, struct dev_pm_opp_config *config)
{
	int token = dev_pm_opp_set_config(dev, config);

	if (token < 0)
		return token;

	return devm_add_action_or_reset(dev, opp_config_devm_release,
					(void *)(uintptr_t)token);
}
EXPORT_SYMBOL_GPL(devm_pm_opp_set_config);
