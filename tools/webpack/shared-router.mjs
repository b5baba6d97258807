// The part of React Router that the shell and the remotes share, as one Module Federation singleton.
//
// A shared module is provided whole (the build cannot know what another build will use), so sharing
// 'react-router' itself ships all of it: data routers, server rendering, sessions, turbo-stream…
// (≈ 60 KB gzip). Sharing this module instead lets webpack drop everything it does not re-export
// (≈ 20 KB gzip for the declarative API below).
//
// This list is the contract between the shell and the remotes: every build provides the same names,
// and create-config.js fails a build that imports any other name from react-router(-dom). To use a new
// name, add it here and deploy the shell together with (or before) the remote that needs it.
//
// The path bypasses the 'react-router' share key (which points here) and picks React Router's
// production build (its development build differs only by dev warnings).
export {
  BrowserRouter,
  createSearchParams,
  generatePath,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useSearchParams,
} from '../../node_modules/react-router/dist/production/index.mjs';
