// Package archdoc holds ARCHITECTURE.md and docs/architecture-client.md
// true: its test fails when a file, folder, function, method, type or field
// they name is gone from the tree.
package archdoc
