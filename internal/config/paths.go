package config

import (
	"errors"
	"path/filepath"
	"runtime"
)

// appDir is the name of vehicle's folder inside the platform's folders.
const appDir = "vehicle"

// ConfigFileName is the name of the configuration file in the config folder.
const ConfigFileName = "config.toml"

// StateDir is the folder vehicle keeps its state in (the visitor id, the
// debug log): $XDG_STATE_HOME/vehicle wherever that variable is set to an
// absolute path (a relative one is ignored, as the XDG spec says); else
// ~/Library/Application Support/vehicle on macOS, %LocalAppData%\vehicle on
// Windows, and ~/.local/state/vehicle elsewhere.
func StateDir(env Env) (string, error) {
	return stateDirFor(runtime.GOOS, env)
}

// ConfigPath is where the configuration file is: $XDG_CONFIG_HOME/vehicle/
// config.toml wherever that variable is set to an absolute path; else
// ~/Library/Application Support/vehicle on macOS, %AppData%\vehicle on
// Windows and ~/.config/vehicle elsewhere.
func ConfigPath(env Env) (string, error) {
	dir, err := configDirFor(runtime.GOOS, env)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, ConfigFileName), nil
}

// stateDirFor is StateDir on the system goos.
func stateDirFor(goos string, env Env) (string, error) {
	if d, ok := xdg(env, "XDG_STATE_HOME"); ok {
		return d, nil
	}
	switch goos {
	case "windows":
		if d, ok := under(env, "LOCALAPPDATA"); ok {
			return d, nil
		}
		if d, ok := under(env, "USERPROFILE", "AppData", "Local"); ok {
			return d, nil
		}
	case "darwin", "ios":
		if d, ok := under(env, "HOME", "Library", "Application Support"); ok {
			return d, nil
		}
	default:
		if d, ok := under(env, "HOME", ".local", "state"); ok {
			return d, nil
		}
	}
	return "", errors.New("cannot find a folder for vehicle's state (the visitor id, the debug log): set XDG_STATE_HOME or HOME, or give a visitor id with " + giveVisitor)
}

// configDirFor is the config folder on the system goos.
func configDirFor(goos string, env Env) (string, error) {
	if d, ok := xdg(env, "XDG_CONFIG_HOME"); ok {
		return d, nil
	}
	switch goos {
	case "windows":
		if d, ok := under(env, "APPDATA"); ok {
			return d, nil
		}
		if d, ok := under(env, "USERPROFILE", "AppData", "Roaming"); ok {
			return d, nil
		}
	case "darwin", "ios":
		if d, ok := under(env, "HOME", "Library", "Application Support"); ok {
			return d, nil
		}
	default:
		if d, ok := under(env, "HOME", ".config"); ok {
			return d, nil
		}
	}
	return "", errors.New("cannot find a folder for vehicle's configuration: set XDG_CONFIG_HOME or HOME")
}

// xdg is $name/vehicle when name holds an absolute path.
func xdg(env Env, name string) (string, bool) {
	x, _ := env.lookup(name)
	if x == "" || !filepath.IsAbs(x) {
		return "", false
	}
	return filepath.Join(x, appDir), true
}

// under is $name/parts.../vehicle when name is set.
func under(env Env, name string, parts ...string) (string, bool) {
	x, _ := env.lookup(name)
	if x == "" {
		return "", false
	}
	return filepath.Join(append(append([]string{x}, parts...), appDir)...), true
}
