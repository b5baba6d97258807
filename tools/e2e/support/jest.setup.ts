// Registered in jest.config.cjs: each test fails on the accessibility violations found while it ran.
import { reportAccessibilityViolations } from './accessibility';

afterEach(reportAccessibilityViolations);
