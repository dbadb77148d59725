export { filesAccess } from './access';
export { fileBlobKey, readFileBytes } from './blobs';
export { logoFileProblems } from './logo-file';
export {
  FileResource,
  isImageType,
  LOGO_CONTENT_TYPES,
  MAX_FILE_BYTES,
  presentFile,
  UploadBody,
} from './model';
export { findFile } from './repo';
export type { FileRow } from './schema';
export { MAX_SUPPORTING_BYTES, readSupportingFiles } from './supporting-files';
export { deleteFile } from './use-cases/delete-file';
export { storeUpload } from './use-cases/store-upload';
