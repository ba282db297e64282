package driver

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/internal/redact"
)

// The variables that stand in for --key-file and --visitor-id, which the
// driver, taking no flags, reads like every other binary.
const (
	EnvKeyFile   = config.EnvKeyFile
	EnvVisitorID = config.EnvVisitor
)

// EnvResolver resolves the store from the driver's environment with the
// rules vehicle ride follows (config.Resolve): VEHICLE_GARDEND, VEHICLE_GRAPH
// and VEHICLE_MOUNT; a token from VEHICLE_KEY_FILE, VEHICLE_TOKEN or kr (nil:
// no keyring); else a visitor for a gardend that is not on this computer;
// the model key from VEHICLE_MODEL_KEY. A missing or wrong setting is a
// *ConfigError naming its variable. opts go to the client after the rest.
func EnvResolver(env config.Env, kr config.Keyring, opts ...client.Option) Resolver {
	return func(ctx context.Context) (Store, error) {
		f, err := flagsFromEnv(env)
		if err != nil {
			return nil, err
		}
		c, _, err := config.Resolve(f, env, kr, "", opts...)
		if err != nil {
			return nil, &ConfigError{Variable: config.EnvToken, Problem: err.Error()}
		}
		return c, nil
	}
}

// flagsFromEnv checks the settings the driver cannot do without, so that
// each failure names its variable, and returns them as config.Flags.
func flagsFromEnv(env config.Env) (config.Flags, error) {
	var f config.Flags
	f.ApplyEnv(env)
	switch u, err := url.Parse(strings.TrimRight(f.Gardend, "/")); {
	case f.Gardend == "":
		return f, &ConfigError{Variable: config.EnvGardend, Problem: "not set: set it to gardend's address, e.g. https://sophia.example.com"}
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return f, &ConfigError{Variable: config.EnvGardend, Problem: fmt.Sprintf("%q is not a gardend address: give one like https://sophia.example.com", redact.URL(f.Gardend))}
	}
	if f.Graph == "" {
		return f, &ConfigError{Variable: config.EnvGraph, Problem: "not set: set it to the graph whose sessions the driver serves"}
	}
	if _, err := config.ModelKey(f, env); err != nil {
		return f, &ConfigError{Variable: config.EnvModelKey, Problem: err.Error()}
	}
	if f.KeyFile != "" {
		if _, err := config.ReadKeyFile(f.KeyFile); err != nil {
			return f, &ConfigError{Variable: EnvKeyFile, Problem: err.Error()}
		}
	}
	if f.VisitorID != "" {
		if f.KeyFile != "" {
			return f, &ConfigError{Variable: EnvVisitorID, Problem: "set beside " + EnvKeyFile + ": the key file rides as yourself, the visitor id as a visitor; unset one of them"}
		}
		if err := config.CheckVisitorID(f.VisitorID); err != nil {
			return f, &ConfigError{Variable: EnvVisitorID, Problem: err.Error()}
		}
	}
	return f, nil
}
