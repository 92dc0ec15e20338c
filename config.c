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

#include "opp.h"

#include <linux/pm_domain.h>
#include <linux/xarray.h>

/**
 * struct opp_config_token - what one dev_pm_opp_set_config() call applied
 * @table: the configured table, referenced
 * @applied: bit i set when step i was applied by this call
 * @nr_genpd_devs: how many power domains named in the config are to be
 *	attached once the other steps are applied; 0 for none
 */
struct opp_config_token {
	struct opp_table *table;
	unsigned long applied;
	unsigned int nr_genpd_devs;
};

/*
 * What a step's apply() did when it succeeded: nothing (@config does not
 * ask for the setting, or the table has one from another token), or apply
 * it.
 */
#define OPP_CONFIG_KEPT		0
#define OPP_CONFIG_APPLIED	1

/* The steps of a configuration, in the order they are applied. */
enum opp_config_step_id {
	OPP_CONFIG_CLOCKS,
	OPP_CONFIG_PROP_NAME,
	OPP_CONFIG_SUPPORTED_HW,
	OPP_CONFIG_REGULATOR_HELPER,
	OPP_CONFIG_REGULATORS,
	OPP_CONFIG_REQUIRED_DEVS,
};

/**
 * struct opp_config_step - one kind of setting
 * @name: what the setting is, for messages
 * @apply: applies it to the token's table and returns %OPP_CONFIG_APPLIED,
 *	or returns %OPP_CONFIG_KEPT when @config does not ask for it or the
 *	table's own setting of that kind (from another token) is left alone,
 *	or fails with a negative errno; called with the table's dvfs_lock held
 * @undo: undoes it; called with the table's dvfs_lock held
 */
struct opp_config_step {
	const char *name;
	int (*apply)(struct opp_config_token *token, struct device *dev,
		     const struct dev_pm_opp_config *config);
	void (*undo)(struct opp_table *table);
};

static DEFINE_XARRAY_ALLOC1(opp_config_tokens);

static int opp_apply_prop_name(struct opp_config_token *token,
			       struct device *dev,
			       const struct dev_pm_opp_config *config)
{
	struct opp_table *table = token->table;
	const char *name;

	if (!config->prop_name)
		return OPP_CONFIG_KEPT;
	name = kstrdup_const(config->prop_name, GFP_KERNEL);
	if (!name)
		return -ENOMEM;

	guard(mutex)(&table->lock);
	if (table->prop_name) {
		kfree_const(name);
		return OPP_CONFIG_KEPT;
	}
	table->prop_name = name;
	return OPP_CONFIG_APPLIED;
}

static void opp_undo_prop_name(struct opp_table *table)
{
	guard(mutex)(&table->lock);
	kfree_const(table->prop_name);
	table->prop_name = NULL;
}

static int opp_apply_supported_hw(struct opp_config_token *token,
				  struct device *dev,
				  const struct dev_pm_opp_config *config)
{
	struct opp_table *table = token->table;

	if (!config->supported_hw)
		return OPP_CONFIG_KEPT;
	if (!config->supported_hw_count) {
		dev_err(dev, "supported hardware versions given without a count\n");
		return -EINVAL;
	}

	u32 *versions __free(kfree) =
		kmemdup_array(config->supported_hw, config->supported_hw_count,
			      sizeof(*config->supported_hw), GFP_KERNEL);
	if (!versions)
		return -ENOMEM;

	guard(mutex)(&table->lock);
	if (table->supported_hw)
		return OPP_CONFIG_KEPT;
	table->supported_hw = no_free_ptr(versions);
	table->supported_hw_count = config->supported_hw_count;
	return OPP_CONFIG_APPLIED;
}

static void opp_undo_supported_hw(struct opp_table *table)
{
	guard(mutex)(&table->lock);
	kfree(table->supported_hw);
	table->supported_hw = NULL;
	table->supported_hw_count = 0;
}

static unsigned int opp_count_names(const char * const *names)
{
	unsigned int n = 0;

	while (names[n])
		n++;
	return n;
}

/* Replaces the table's automatic clock, or nothing, with named clocks. */
static int opp_apply_clocks(struct opp_config_token *token,
			    struct device *dev,
			    const struct dev_pm_opp_config *config)
{
	struct opp_table *table = token->table;
	const struct opp_shape old = table->shape;
	struct opp_shape shape = old;
	struct clk **clks;
	unsigned int nr;
	int ret;

	if (!config->clk_names)
		return config->config_clks ? -EINVAL : OPP_CONFIG_KEPT;
	/* { NULL } names the device's unnamed clock. */
	nr = max(opp_count_names(config->clk_names), 1U);
	if (nr > 1 && !config->config_clks) {
		dev_err(dev, "%u OPP clocks need a config_clks callback\n", nr);
		return -EINVAL;
	}
	if (table->clks_configured)
		return OPP_CONFIG_KEPT;

	shape.nr_clks = nr;
	ret = opp_table_set_shape(table, &shape);
	if (ret)
		return ret;

	clks = opp_get_handles(dev, OPP_HANDLE_CLK, config->clk_names, nr);
	if (IS_ERR(clks)) {
		opp_table_set_shape(table, &old);
		return PTR_ERR(clks);
	}

	opp_put_handles(OPP_HANDLE_CLK, table->clks, table->nr_clk_handles);
	table->clks = clks;
	table->nr_clk_handles = nr;
	table->clks_configured = true;
	table->config_clks = config->config_clks;
	return OPP_CONFIG_APPLIED;
}

static void opp_undo_clocks(struct opp_table *table)
{
	struct opp_shape shape = table->shape;

	opp_put_handles(OPP_HANDLE_CLK, table->clks, table->nr_clk_handles);
	table->clks = NULL;
	table->nr_clk_handles = 0;
	table->clks_configured = false;
	WRITE_ONCE(table->clk_looked_up, false);
	table->config_clks = NULL;
	shape.nr_clks = 1;
	opp_table_set_shape(table, &shape);
}

static int opp_apply_regulator_helper(struct opp_config_token *token,
				      struct device *dev,
				      const struct dev_pm_opp_config *config)
{
	struct opp_table *table = token->table;

	if (!config->config_regulators || table->config_regulators ||
	    table->set_opp)
		return OPP_CONFIG_KEPT;

	table->config_regulators = config->config_regulators;
	return OPP_CONFIG_APPLIED;
}

static void opp_undo_regulator_helper(struct opp_table *table)
{
	table->config_regulators = NULL;
}

/**
 * opp_alloc_set_opp_data() - what a set_opp helper is given, preallocated
 * @dev: the device
 * @nr: the number of regulators
 *
 * Room for the old and new supplies of each regulator follows the struct.
 *
 * Context: Process context; may sleep.
 * Return: the zeroed data with its supply arrays set, or NULL.
 */
struct dev_pm_set_opp_data *opp_alloc_set_opp_data(struct device *dev,
						   unsigned int nr)
{
	struct dev_pm_set_opp_data *data;
	struct dev_pm_opp_supply *supplies;

	data = kzalloc(size_add(sizeof(*data),
				array3_size(2, nr, sizeof(*supplies))),
		       GFP_KERNEL);
	if (!data)
		return NULL;

	supplies = (struct dev_pm_opp_supply *)(data + 1);
	data->old_opp.supplies = supplies;
	data->new_opp.supplies = supplies + nr;
	data->dev = dev;
	return data;
}

static int opp_apply_regulators(struct opp_config_token *token,
				struct device *dev,
				const struct dev_pm_opp_config *config)
{
	struct opp_table *table = token->table;
	struct opp_shape shape = table->shape;
	struct regulator **regs;
	unsigned int nr;
	int ret;

	if (!config->regulator_names)
		return OPP_CONFIG_KEPT;
	nr = opp_count_names(config->regulator_names);
	if (!nr || nr > U8_MAX)
		return -EINVAL;
	if (table->regulators)
		return OPP_CONFIG_KEPT;

	struct dev_pm_set_opp_data *data __free(kfree) =
		opp_alloc_set_opp_data(dev, nr);
	if (!data)
		return -ENOMEM;
	regs = opp_get_handles(dev, OPP_HANDLE_REGULATOR,
			       config->regulator_names, nr);
	if (IS_ERR(regs))
		return PTR_ERR(regs);

	shape.nr_supplies = nr;
	ret = opp_table_set_shape(table, &shape);
	if (ret) {
		opp_put_handles(OPP_HANDLE_REGULATOR, regs, nr);
		return ret;
	}

	data->regulators = regs;
	data->regulator_count = nr;
	kfree(table->set_opp_data);
	table->set_opp_data = no_free_ptr(data);
	table->regulators = regs;
	table->nr_regulators = nr;
	scoped_guard(mutex, &table->lock)
		table->supplies_configured = true;
	return OPP_CONFIG_APPLIED;
}

static void opp_undo_regulators(struct opp_table *table)
{
	struct opp_shape shape = table->shape;

	opp_disable_supplies(table);
	table->supplies_on = false;
	opp_put_handles(OPP_HANDLE_REGULATOR, table->regulators,
			table->nr_regulators);
	table->regulators = NULL;
	table->nr_regulators = 0;
	table->set_opp_data->regulators = NULL;
	table->set_opp_data->regulator_count = 0;
	scoped_guard(mutex, &table->lock)
		table->supplies_configured = false;
	shape.nr_supplies = 1;
	opp_table_set_shape(table, &shape);
}

/*
 * The devices whose performance state follows "required-opps", when given:
 * one per required OPP of the table's OPPs, which the device tree fixes.
 * Power domains named instead are only counted here, into the token:
 * opp_config_attach_genpds() attaches them once every step succeeded.
 */
static int opp_apply_required_devs(struct opp_config_token *token,
				   struct device *dev,
				   const struct dev_pm_opp_config *config)
{
	struct device **req_devs = opp_config_required_devs(config);
	struct opp_table *table = token->table;
	struct device **devs;
	unsigned int nr;

	if (!req_devs && !config->genpd_names)
		return OPP_CONFIG_KEPT;
	if (req_devs && config->genpd_names)
		return -EINVAL;
	if (table->required_devs)
		return OPP_CONFIG_KEPT;

	nr = opp_of_table_required_count(table->np);
	if (!nr && OPP_GENPD_NAMES_DEFER && config->genpd_names)
		return -EPROBE_DEFER;
	if (!nr) {
		dev_err(dev, "OPP table requires no OPPs of other devices\n");
		return -EINVAL;
	}
	if (config->genpd_names) {
		token->nr_genpd_devs = nr;
		return OPP_CONFIG_KEPT;
	}

	devs = kmemdup(req_devs, array_size(nr, sizeof(*devs)), GFP_KERNEL);
	if (!devs)
		return -ENOMEM;
	__opp_required_devs_take(table, devs, nr, false);
	return OPP_CONFIG_APPLIED;
}

/*
 * The power domains that opp_apply_required_devs() counted, attached by
 * name without the table's dvfs_lock: attaching takes genpd's list lock
 * and, under it, the provider lock under which a domain's own OPP table is
 * removed, which takes that table's locks. The domains are attached in
 * order, one virtual device per name; a name beyond the last required OPP
 * is refused (-EINVAL) once those before it are attached, and a missing
 * domain fails with -ENODEV. All or nothing: on failure the domains already
 * attached are detached. The table takes their virtual devices unless
 * another token gave it devices meanwhile.
 */
static int opp_config_attach_genpds(struct opp_config_token *token,
				    struct device *dev,
				    const struct dev_pm_opp_config *config)
{
	const char * const *names = config->genpd_names;
	struct opp_table *table = token->table;
	unsigned int nr = token->nr_genpd_devs, i;
	struct device **devs;
	int ret = 0;

	if (!nr)
		return 0;
	devs = kcalloc(nr, sizeof(*devs), GFP_KERNEL);
	if (!devs)
		return -ENOMEM;
	for (i = 0; names[i]; i++) {
		if (i == nr) {
			dev_err(dev, "power domain %s is beyond the %u required OPPs\n",
				names[i], nr);
			ret = -EINVAL;
			goto detach;
		}
		devs[i] = dev_pm_domain_attach_by_name(dev, names[i]);
		if (IS_ERR_OR_NULL(devs[i])) {
			ret = devs[i] ? PTR_ERR(devs[i]) : -ENODEV;
			dev_err(dev, "cannot attach power domain %s: %d\n",
				names[i], ret);
			goto detach;
		}
	}

	scoped_guard(mutex, &table->dvfs_lock) {
		if (!table->required_devs) {
			__opp_required_devs_take(table, devs, nr, true);
			token->applied |= BIT(OPP_CONFIG_REQUIRED_DEVS);
			__opp_table_plan_dvfs(table);
			if (config->virt_devs)
				*config->virt_devs = devs;
			return 0;
		}
	}
detach:
	opp_detach_genpds(devs, nr);
	kfree(devs);
	return ret;
}

/* In this order: the regulators step needs to know about a helper. */
static const struct opp_config_step opp_config_steps[] = {
	[OPP_CONFIG_CLOCKS] = { "clocks", opp_apply_clocks, opp_undo_clocks },
	[OPP_CONFIG_PROP_NAME] = { "property name", opp_apply_prop_name,
				   opp_undo_prop_name },
	[OPP_CONFIG_SUPPORTED_HW] = { "supported hardware",
				      opp_apply_supported_hw,
				      opp_undo_supported_hw },
	[OPP_CONFIG_REGULATOR_HELPER] = { "regulator callback",
					  opp_apply_regulator_helper,
					  opp_undo_regulator_helper },
	[OPP_CONFIG_REGULATORS] = { "regulators", opp_apply_regulators,
				    opp_undo_regulators },
	[OPP_CONFIG_REQUIRED_DEVS] = { "required devices",
				       opp_apply_required_devs,
				       __opp_required_devs_clear },
};

/* Caller holds the token's table's dvfs_lock. Undoes what the token applied. */
static void __opp_config_undo(struct opp_config_token *token)
{
	struct opp_table *table = token->table;
	int i;

	lockdep_assert_held(&table->dvfs_lock);

	for (i = ARRAY_SIZE(opp_config_steps) - 1; i >= 0; i--)
		if (token->applied & BIT(i))
			opp_config_steps[i].undo(table);
	token->applied = 0;
	__opp_table_plan_dvfs(table);
}

/*
 * Caller holds the token's table's dvfs_lock. Applies each step @config
 * asks for; on an error, undoes those applied and returns it.
 */
static int __opp_config_apply(struct opp_config_token *token,
			      struct device *dev,
			      const struct dev_pm_opp_config *config)
{
	struct opp_table *table = token->table;
	const struct opp_config_step *step;
	unsigned int i;
	int ret;

	lockdep_assert_held(&table->dvfs_lock);

	for (i = 0; i < ARRAY_SIZE(opp_config_steps); i++) {
		step = &opp_config_steps[i];
		ret = step->apply(token, dev, config);
		if (ret < 0) {
			dev_dbg(dev, "cannot set the OPP %s: %d\n", step->name,
				ret);
			__opp_config_undo(token);
			return ret;
		}
		if (ret == OPP_CONFIG_APPLIED)
			token->applied |= BIT(i);
	}

	__opp_table_plan_dvfs(table);
	return 0;
}

static void opp_config_release(struct opp_config_token *token)
{
	scoped_guard(mutex, &token->table->dvfs_lock)
		__opp_config_undo(token);
	dev_pm_opp_put_opp_table(token->table);
	kfree(token);
}

/**
 * dev_pm_opp_set_config() - apply platform settings to a device's OPP table
 * @dev: the device; its table is created if it has none
 * @config: the settings: clocks (with an optional config_clks callback),
 *	property name suffix, supported hardware versions, a
 *	config_regulators callback, regulators, and either the devices whose
 *	performance state follows "required-opps" or the names of power domains
 *	to attach for that (their virtual devices returned in @virt_devs)
 *
 * Must come before the table gets its OPPs. Clocks and regulators are got
 * here (regulators with regulator_get_optional(), in supply order). On a
 * table shared by several devices the first setting of each kind wins;
 * later ones are accepted and ignored. The table stays alive until the
 * token is cleared.
 *
 * Context: Process context; may sleep.
 * Return: a token (> 0) for dev_pm_opp_clear_config(), or:
 *
 * * -EINVAL - bad @dev or @config: a hardware version list without count,
 *   several clocks without config_clks, config_clks without clocks, an
 *   empty regulator list, both required devices and power domains, or
 *   required devices for a table that requires nothing
 * * -EBUSY - the table already has OPPs
 * * -EPROBE_DEFER, or another error - a clock or regulator is missing
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_set_config(struct device *dev, struct dev_pm_opp_config *config)
{
	struct opp_config_token *token;
	u32 id;
	int ret;

	if (!config)
		return -EINVAL;

	token = kzalloc(sizeof(*token), GFP_KERNEL);
	if (!token)
		return -ENOMEM;

	token->table = opp_table_get_or_create(dev, 0);
	if (IS_ERR(token->table)) {
		ret = PTR_ERR(token->table);
		kfree(token);
		return ret;
	}

	/* A table is configured before it gets OPPs: a driver bug, warned. */
	scoped_guard(mutex, &token->table->dvfs_lock)
		ret = WARN_ON(!opp_table_is_empty(token->table)) ? -EBUSY :
		      __opp_config_apply(token, dev, config);
	if (!ret)
		ret = opp_config_attach_genpds(token, dev, config);
	if (!ret)
		ret = xa_alloc(&opp_config_tokens, &id, token,
			       XA_LIMIT(1, INT_MAX), GFP_KERNEL);
	if (ret)
		opp_config_release(token);
	return ret ?: id;
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

	/* An unknown token (one cleared already, say) is a caller's bug. */
	data = xa_erase(&opp_config_tokens, token);
	if (!WARN_ON(!data))
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

	return token < 0 ? token :
	       devm_add_action_or_reset(dev, opp_config_devm_release,
					(void *)(uintptr_t)token);
}
EXPORT_SYMBOL_GPL(devm_pm_opp_set_config);
