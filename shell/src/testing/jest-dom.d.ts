// The jest-dom matchers (toBeInTheDocument…) that tools/jest/react-setup.ts installs, for the type checker.
/// <reference types="@testing-library/jest-dom" />
