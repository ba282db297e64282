package driver

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"vehicle/client"
	"vehicle/internal/config"
)

// Variables the driver reads beyond the ones vehicle ride shares
// (config.EnvGardend, EnvGraph, EnvMount, EnvToken, EnvModelKey): the driver
// takes no flags, so the key file and the visitor id come from here.
const (
	EnvKeyFile   = "VEHICLE_KEY_FILE"
	EnvVisitorID = "VEHICLE_VISITOR_ID"
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
			return nil, &ConfigError{Variable: config.EnvToken, Problem: driverWords(err.Error())}
		}
		return c, nil
	}
}

// flagsFromEnv checks the settings the driver cannot do without, so that
// each failure names its variable, and returns them as config.Flags.
func flagsFromEnv(env config.Env) (config.Flags, error) {
	look := func(name string) string {
		v, _ := env(name)
		return strings.TrimSpace(v)
	}
	var f config.Flags
	f.ApplyEnv(env)
	switch u, err := url.Parse(strings.TrimRight(f.Gardend, "/")); {
	case f.Gardend == "":
		return f, &ConfigError{Variable: config.EnvGardend, Problem: "not set: set it to gardend's address, e.g. https://sophia.example.com"}
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return f, &ConfigError{Variable: config.EnvGardend, Problem: fmt.Sprintf("%q is not a gardend address: give one like https://sophia.example.com", f.Gardend)}
	}
	if f.Graph == "" {
		return f, &ConfigError{Variable: config.EnvGraph, Problem: "not set: set it to the graph whose sessions the driver serves"}
	}
	if _, err := config.ModelKey(f, env); err != nil {
		return f, &ConfigError{Variable: config.EnvModelKey, Problem: err.Error()}
	}
	if p := look(EnvKeyFile); p != "" {
		if _, err := config.ReadKeyFile(p); err != nil {
			return f, &ConfigError{Variable: EnvKeyFile, Problem: strings.ReplaceAll(err.Error(), "--key-file", EnvKeyFile)}
		}
		f.KeyFile = p
	}
	if id := look(EnvVisitorID); id != "" {
		if f.KeyFile != "" {
			return f, &ConfigError{Variable: EnvVisitorID, Problem: "set beside " + EnvKeyFile + ": the key file rides as yourself, the visitor id as a visitor; unset one of them"}
		}
		if err := config.CheckVisitorID(id); err != nil {
			return f, &ConfigError{Variable: EnvVisitorID, Problem: err.Error()}
		}
		f.VisitorID = id
	}
	return f, nil
}

// driverWords rewrites the ride's flag names in a message into the
// variables the driver reads instead.
func driverWords(msg string) string {
	return strings.NewReplacer(
		"pass --key-file PATH (a file of mode 0600 holding it)", "set "+EnvKeyFile+" to the path of a file (mode 0600) holding it",
		"--key-file", EnvKeyFile,
		"--anonymous rides", "setting "+EnvVisitorID+" rides",
		"--visitor-id", EnvVisitorID,
	).Replace(msg)
}
